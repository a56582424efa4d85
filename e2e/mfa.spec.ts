import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { mailLink, waitForMail } from './mailbox';
import { waitForSmsCode } from './sms-outbox';
import { ADMIN, apiAs, clickSignIn, openAdminCard, signIn } from './support';

/**
 * Issue 14 item 6: an administrator turns two-factor verification on for the company and a new
 * user; the user enrols a phone on first sign-in, signs in again with the code texted to it (read
 * from DATA_DIR/sms), and the demo company's MFA setting is turned off again afterwards.
 */

const MFA_SWITCH = '2-step verification (MFA)';

async function setCompanyMfa(page: Page, on: boolean) {
  await openAdminCard(page, 'Settings');
  const toggle = page.getByRole('checkbox', { name: MFA_SWITCH }).or(page.getByRole('switch', { name: MFA_SWITCH }));
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Company settings is successfully updated.')).toBeVisible();
}

async function passwordStep(page: Page, email: string, password: string) {
  await clickSignIn(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a user with MFA enrols a phone, then signs in with the code texted to it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const email = `e2e-mfa-${suffix}@demo.example`;
  const password = 'Welcome!2345';
  const phone = `1555${String(Date.now()).slice(-7)}`;

  await signIn(page, ADMIN);
  await setCompanyMfa(page, true);
  try {
    // A new user with the MFA flag, who verifies their email and chooses a password.
    const api = await apiAs(page);
    const groups = await api.get<{ id: string; name: string }[]>('/userGroups');
    const staff = groups.find((g) => g.name === 'Staff') ?? groups[0];
    await api.post('/users', {
      email,
      firstName: 'Mia',
      lastName: 'Factor',
      userGroupId: staff?.id,
      mfa: true,
    });
    const userPage = await (await browser.newContext()).newPage();
    await userPage.goto(mailLink(await waitForMail(email), '/api/users/verifyEmail?token='));
    await userPage.getByLabel('Password', { exact: true }).fill(password);
    await userPage.getByLabel('Confirm password').fill(password);
    await userPage.getByRole('button', { name: 'Set password' }).click();
    await expect(userPage.getByText('your password is set')).toBeVisible();

    // First sign-in: no phone yet, so the sign-in continues at the enrolment page.
    await passwordStep(userPage, email, password);
    await userPage.waitForURL('**/startMfaEnrolloment');
    const phoneField = userPage.getByLabel('Phone Number');
    await userPage.getByRole('button', { name: 'Save phone number' }).click();
    await expect(userPage.getByText('Please enter phone number')).toBeVisible();
    await phoneField.fill('555-0100');
    await expect(userPage.getByText('please enter digit only')).toBeVisible();
    await phoneField.fill(phone);
    await expectAccessible(userPage, 'enrolment page');
    await userPage.screenshot({ path: 'test-results/mfa-start-enrolment.png' });
    await userPage.getByRole('button', { name: 'Save phone number' }).click();

    await userPage.waitForURL('**/verifyEnrollment');
    await expect(userPage.getByText(`your phone •••••••${phone.slice(-4)}`)).toBeVisible();
    const enrolCode = await waitForSmsCode(`+${phone}`, 1);
    const code = userPage.getByLabel('Code');
    await code.fill('12a');
    await code.blur();
    await expect(userPage.getByText('Must be only digits')).toBeVisible();
    await code.fill('123');
    await expect(userPage.getByText('Must be exactly 6 digits')).toBeVisible();
    await code.fill('');
    await expect(userPage.getByText('Enter 6 digit code.')).toBeVisible();
    await userPage.screenshot({ path: 'test-results/mfa-verify-enrolment.png' });
    await code.fill(enrolCode);
    await userPage.getByRole('button', { name: 'Verify code' }).click();
    const done = userPage.getByRole('dialog', { name: 'Phone registered' });
    await expect(done.getByText('Your phone is successfully registered. Please login again.')).toBeVisible();
    await userPage.screenshot({ path: 'test-results/mfa-enrolled-dialog.png' });
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(userPage.getByText('Incident management service for your business.')).toBeVisible();

    // Signing in again: the security check with the masked phone; no token until the code passes.
    await passwordStep(userPage, email, password);
    await userPage.waitForURL('**/mfa');
    await expect(userPage.getByText(`•••••••${phone.slice(-4)}`)).toBeVisible();
    await expect(userPage.getByRole('button', { name: 'Verify code' })).toBeDisabled();
    expect(await userPage.evaluate(() => Object.keys(sessionStorage).some((key) => key.startsWith('oidc.user:')))).toBe(
      false,
    );
    await expectAccessible(userPage, 'security check');
    await userPage.getByRole('button', { name: 'Send code' }).click();
    await expect(userPage.getByRole('button', { name: 'Send new code' })).toBeVisible();
    const signInCode = await waitForSmsCode(`+${phone}`, 2);
    await userPage.screenshot({ path: 'test-results/mfa-security-check.png' });
    await userPage.getByLabel('Code').fill(String((Number(signInCode) + 1) % 1_000_000).padStart(6, '0'));
    await userPage.getByRole('button', { name: 'Verify code' }).click();
    await expect(userPage.getByText('The code is not correct. Please try again.')).toBeVisible();
    await expect(userPage).toHaveURL(/\/mfa$/);
    await userPage.getByLabel('Code').fill(signInCode);
    await userPage.getByRole('button', { name: 'Verify code' }).click();
    await userPage.waitForURL('**/dashboard');
    await expect(userPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // The profile's Change MFA Phone page (desktop).
    await userPage.goto('/change2FAPhone');
    await expect(userPage.getByRole('button', { name: 'Save phone number' })).toBeVisible();
    await userPage.screenshot({ path: 'test-results/mfa-change-phone.png' });
  } finally {
    // Other journeys sign the demo users in with a password only.
    await setCompanyMfa(page, false);
  }
});
