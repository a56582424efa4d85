/** Branded pages of the embedded identity provider. No inline scripts: the CSP forbids them. */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string, script?: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Blotter</title>
<link rel="stylesheet" href="/auth-assets/signin.css">
${script ? `<script src="${script}" defer></script>` : ''}
</head>
<body>
<main class="card">
<div class="brand"><span class="logo" aria-hidden="true">B</span><span>Blotter</span></div>
${body}
</main>
</body>
</html>`;
}

export function loginPage(options: { uid: string; email?: string; error?: string }) {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="hint">Incident management service for your business.</p>
${error}
<form method="post" action="/oidc/interaction/${escapeHtml(options.uid)}/login" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p class="secondary"><a href="/oidc/interaction/${escapeHtml(options.uid)}/abort">Cancel</a></p>`,
  );
}

export function logoutPage(form: string) {
  return page(
    'Signing out',
    `<h1>Signing out…</h1>
${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>`,
    '/auth-assets/logout.js',
  );
}

/** What a password form is for: its address, title and texts. */
export interface PasswordFormText {
  action: string;
  title: string;
  hint: string;
  button: string;
}

/** The verification link of a user an administrator added without a password: they choose one. */
export const SET_PASSWORD_FORM: PasswordFormText = {
  action: '/api/users/verifyEmail',
  title: 'Set your password',
  hint: 'Choose the password you will sign in to Blotter with.',
  button: 'Set password',
};

/** The link of a password reset email (Change Password on the profile). */
export const RESET_PASSWORD_FORM: PasswordFormText = {
  action: '/api/users/resetPassword',
  title: 'Change your password',
  hint: 'Choose a new password. Your other sessions will be signed out.',
  button: 'Change password',
};

/** A form to choose a password (twice), posted with the link's token. */
export function setPasswordPage(options: { token: string; error?: string; form?: PasswordFormText }) {
  const form = options.form ?? SET_PASSWORD_FORM;
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return page(
    form.title,
    `<h1>${escapeHtml(form.title)}</h1>
<p class="hint">${escapeHtml(form.hint)}</p>
${error}
<form method="post" action="${escapeHtml(form.action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required autofocus>
<label for="confirm">Confirm password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">${escapeHtml(form.button)}</button>
</form>`,
  );
}

/**
 * The page of an emailed verification link: a person confirms with the button (a POST). Opening
 * the link alone verifies nothing, since mail scanners open the links of the messages they check.
 */
export function confirmEmailPage(options: { token: string; action: string }) {
  return page(
    'Confirm your email address',
    `<h1>Confirm your email address</h1>
<p class="hint">Confirm that this email address is yours to start using Blotter.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<button type="submit">Confirm email address</button>
</form>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }) {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<p class="secondary"><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`,
  );
}

export const SIGNIN_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:Roboto,"Helvetica Neue",Arial,sans-serif;background:#eef2f7;color:#1c2430}
.card{width:100%;max-width:380px;background:#fff;border-radius:8px;padding:32px;
box-shadow:0 2px 12px rgba(20,40,80,.12)}
.brand{display:flex;align-items:center;gap:10px;font-size:22px;font-weight:700;color:#0d3b66;margin-bottom:20px}
.logo{display:inline-flex;width:36px;height:36px;border-radius:8px;background:#0d3b66;color:#fff;
align-items:center;justify-content:center}
h1{font-size:20px;margin:0 0 4px}
.hint{margin:0 0 20px;color:#5a6675;font-size:14px}
label{display:block;font-size:14px;font-weight:500;margin:14px 0 6px}
input{width:100%;height:44px;padding:0 12px;font-size:16px;border:1px solid #b8c2cf;border-radius:4px}
input:focus{outline:2px solid #1565c0;border-color:#1565c0}
button{width:100%;height:44px;margin-top:22px;border:0;border-radius:4px;background:#1565c0;color:#fff;
font-size:15px;font-weight:600;letter-spacing:.03em;cursor:pointer}
button:hover{background:#0d47a1}
.error{background:#fdecea;color:#8a1c13;border-radius:4px;padding:10px 12px;font-size:14px}
.secondary{text-align:center;margin:18px 0 0;font-size:14px}
a{color:#1565c0}
`;

export const LOGOUT_JS = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');if(f)f.submit();});`;
