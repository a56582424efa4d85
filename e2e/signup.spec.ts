import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { mailLink, waitForMail } from './mailbox';

/**
 * Issue 14 items 1–3: a security manager signs their company up for the free trial, signs in before
 * verifying (the 'Action Required' page resends the email), verifies through the emailed link,
 * signs in and lands on the dashboard with the trial banner.
 */

test('a visitor signs their company up, verifies the email and signs in to a dashboard with the trial banner', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const email = `owner-${suffix}@northwind-${suffix}.example`;
  const password = 'Trial!2345';

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign Up for a 30 Day Free Trial' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Sign up' });

  // The spec's validation texts, shown once a field is left.
  await form.getByLabel('Company email').fill('me@gmail.com');
  await form.getByRole('textbox', { name: 'Password', exact: true }).click();
  await expect(form.getByText('Please use company email, not personal email.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill('Other!2345');
  await form.getByLabel('First name').click();
  await expect(form.getByText('Password did not match')).toBeVisible();
  // Leave the field first: its message moves the button down, under a click's press.
  await page.keyboard.press('Tab');
  await expect(form.getByText('First name is required')).toBeVisible();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(form.getByText('Please select the country in which your business is located')).toBeVisible();
  await expect(form.getByText('Business type is required')).toBeVisible();
  await expect(
    form.getByText('You cannot continue signing up without agreeing to the Terms of Service and Privacy Policy.'),
  ).toBeVisible();

  // The legal texts open as dialogs with OK only.
  await form.getByRole('button', { name: 'Terms of Service' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms of Service' });
  await expect(terms.getByText(/within 24 hours on weekdays, 9 am to 5 pm Mountain time/)).toBeVisible();
  await expect(terms.getByText(/99\.9% availability/)).toBeVisible();
  await expect(terms.getByText(/retained for 6 months after/)).toBeVisible();
  await expect(terms.getByText(/not refunded/)).toBeVisible();
  await expect(terms.getByRole('button')).toHaveText(['OK']);
  await page.screenshot({ path: 'test-results/signup-terms.png' });
  await terms.getByRole('button', { name: 'OK' }).click();
  await expect(terms).toBeHidden();
  await form.getByRole('button', { name: 'Privacy Policy' }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
  await expect(privacy.getByRole('button')).toHaveText(['OK']);
  await privacy.getByRole('button', { name: 'OK' }).click();
  await expect(privacy).toBeHidden();

  await form.getByLabel('Company email').fill(email);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByLabel('First name').fill('Nora');
  await form.getByLabel('Last name').fill('Northwind');
  await form.getByLabel('Company name').fill(`Northwind Hotels ${suffix}`);
  await form.getByLabel('Phone').fill('403-555-0123456789012345');
  await expect(form.getByLabel('Phone')).toHaveValue('403-555-012345678901');
  await form.getByLabel('Phone').fill('403-555-0123');
  await expect(form.getByLabel('Business type').locator('option')).toHaveText([
    '',
    'Corporate',
    'Hospitality',
    'Education',
    'Healthcare',
  ]);
  await form.getByLabel('Business type').selectOption({ label: 'Hospitality' });
  await form.getByLabel('Country of your business').selectOption({ label: 'Canada' });
  await form.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();
  await page.screenshot({ path: 'test-results/signup-form.png', fullPage: true });
  await expectAccessible(page, 'sign-up form');
  await form.getByRole('button', { name: 'Sign Up' }).click();

  const thanks = page.getByRole('status').filter({ hasText: 'Thank you for signing up!' });
  await expect(thanks).toContainText(`We have sent an email to ${email}`);
  await page.screenshot({ path: 'test-results/signup-thanks.png', fullPage: true });
  await thanks.getByRole('button', { name: 'OK' }).click();

  // OK leads to sign-in; before verifying, the 'Action Required' page resends the email.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Action Required' })).toBeVisible();
  await waitForMail(email, /Verify your email address/);
  await page.getByRole('button', { name: 'Resend email verification' }).click();
  await expect(page.getByText('Email verification is sent to your email account.')).toBeVisible();
  const second = await waitForMail(email, /Verify your email address/, 2);

  const verify = await page.context().newPage();
  await verify.goto(mailLink(second, '/api/users/verifyEmail?token='));
  // Opening the link verifies nothing (mail scanners open links): the person clicks the button.
  await expect(verify.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await verify.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(verify.getByText('Your email address is verified.')).toBeVisible();
  await verify.close();

  // Signed in again on a new visit (session and cookies gone), the dashboard shows the trial banner: the e2e
  // server warns 31 days ahead.
  await page.evaluate(() => sessionStorage.clear());
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  const banners = page.getByRole('region', { name: 'Notifications' });
  await expect(async () => {
    await page.reload();
    await expect(banners.getByText(/Free trial expiring on \d{2}\/\d{2}\/\d{4}\./)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(banners.getByRole('button', { name: 'Go to Subscription' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/signup-dashboard-trial-banner.png', fullPage: true });

  // A signed-in user who opens /signup goes to the dashboard.
  await page.goto('/signup');
  await page.waitForURL('**/dashboard');
});
