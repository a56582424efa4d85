import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { logout } from './support';
import { trialCompany } from './trial-company';

/**
 * Issue 15 items 1–5: a company whose free trial has ended subscribes from the banner's 'Go to
 * Subscription' through the four steps with the test card, is logged out, signs in again with the
 * new user limit and the Billing information card, and then cancels: the plan shows as valid
 * until its date. Issue 26: the charge's receipt is listed and downloads as a PDF, and a smaller
 * plan waits for the renewal ('Changes to 5 users on <date>'), until 'Cancel change'.
 * The company signed up and verified its email first in the run (e2e/subscription.setup.ts); the
 * e2e server gives sign-ups a trial of a few minutes (playwright.config.ts), which the trial job
 * has ended by the time this journey runs (project 'subscription', after the other journeys).
 */

test.describe.configure({ mode: 'serial' });

async function signInAs(page: Page) {
  const { email, password } = trialCompany();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** dd/MM/yyyy (a Canadian company's date format) a year from today. */
function aYearFromToday(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const subscriptionCard = (page: Page) => page.locator('#admin-subscription2');

test('a company whose trial ended subscribes with the test card and signs in again with the new user limit', async ({
  page,
}) => {
  // Run alone, the journey waits for the trial job to end the trial signed up just before.
  test.setTimeout(420_000);
  const { email } = trialCompany();

  // The trial job has ended the short trial: its banners show, with 'Go to Subscription' for the administrator.
  await signInAs(page);
  const banners = page.getByRole('region', { name: 'Notifications' });
  await expect(async () => {
    await page.reload();
    await expect(banners.getByText('Your free trial has expired. Subscribe to continue using Blotter.')).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 300_000, intervals: [5_000] });
  await page.screenshot({ path: 'test-results/subscription-trial-expired-banner.png', fullPage: true });
  await banners.getByRole('button', { name: 'Go to Subscription' }).click();
  await page.waitForURL('**/administration');

  // Current Plan, opened by the banner: the ended trial; no Billing information card during a trial.
  const card = subscriptionCard(page);
  await expect(card.getByText('30-day free trial')).toBeVisible();
  await expect(card.getByText(/^Your free trial expired on \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Billing information', exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/subscription-current-plan-trial.png', fullPage: true });
  await card.getByRole('button', { name: 'Change' }).click();

  // Payment Method: Next waits for a card; the declining test card is refused, the test card is kept.
  await expect(card.getByText('No card on file.')).toBeVisible();
  await expect(card.getByText('Test card: 4242 4242 4242 4242', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
  await expect(card.getByLabel('Billing email')).toHaveValue(email);
  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await card.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Failed to save a payment method.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Next' })).toBeDisabled();
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Payment method is successfully saved.')).toBeVisible();
  await expect(card.getByText('Card on file: •••• 4242')).toBeVisible();
  await page.screenshot({ path: 'test-results/subscription-payment-method.png', fullPage: true });
  await card.getByRole('button', { name: 'Next' }).click();

  // Select Plan: yearly, 25 users, an upper-cased promotion code; the price with its tax in dollars.
  await expect(card.getByText('Price: $49.00 per month')).toBeVisible();
  await card.getByRole('radio', { name: 'Yearly' }).check();
  await expect(card.getByText('Price: $490.00 per year')).toBeVisible();
  const slider = card.getByRole('slider');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(card.getByText('Concurrent users: 25')).toBeVisible();
  await expect(card.getByText('Price: $990.00 per year')).toBeVisible();
  await card.getByLabel('Promotion code').fill('launch20');
  await expect(card.getByLabel('Promotion code')).toHaveValue('LAUNCH20');
  await expect(card.getByText('The promotion code is applied.')).toBeVisible();
  await expect(card.getByText('Price: $792.00 per year')).toBeVisible();
  await expect(card.getByText('Tax (5%): $39.60')).toBeVisible();
  await expect(card.getByText('Total: $831.60 per year')).toBeVisible();
  await page.screenshot({ path: 'test-results/subscription-select-plan.png', fullPage: true });
  await card.getByRole('button', { name: 'Next' }).click();

  // Billing Information: spec 3 §5's texts, then Save sends the billing details and the plan.
  const billing = card.getByRole('form', { name: 'Billing information' });
  await expect(billing.getByLabel('Billing email')).toHaveValue(email);
  await billing.getByLabel('Address 1').click();
  await billing.getByLabel('City').click();
  await expect(billing.getByText('Address 1 is required')).toBeVisible();
  // Leave the field first: its message moves the button down, under a click's press.
  await page.keyboard.press('Tab');
  await expect(billing.getByText('City is required')).toBeVisible();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(billing.getByText('City is required')).toBeVisible();
  await expect(billing.getByText('Postal code is required')).toBeVisible();
  await expect(billing.getByText('Country is required')).toBeVisible();
  await billing.getByLabel('Address 1').fill('200 Burrard St');
  await billing.getByLabel('City').fill('Vancouver');
  await billing.getByLabel('State / Province').fill('BC');
  await billing.getByLabel('Postal code').fill('V6C 3L6');
  await billing.getByLabel('Country').selectOption({ label: 'Canada' });
  await page.screenshot({ path: 'test-results/subscription-billing-information.png', fullPage: true });
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Subscription is successfully updated.')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Logout required' });
  await expect(dialog).toBeVisible();
  await expect(card.getByText('Yearly plan')).toBeVisible();
  await page.screenshot({ path: 'test-results/subscription-logout-required.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Incident management service for your business.')).toBeVisible();

  // Signed in again: no trial banners, 25 concurrent users, and the Billing information card.
  await signInAs(page);
  await expect(banners.getByText('Your free trial has expired. Subscribe to continue using Blotter.')).toHaveCount(0);
  await page.goto('/administration');
  await page.getByRole('button', { name: 'Workgroups', exact: true }).click();
  await expect(page.getByText('Your subscription allows 24 more active users.')).toBeVisible();
  await page.getByRole('button', { name: 'Subscription', exact: true }).click();
  await expect(subscriptionCard(page).getByText('Active', { exact: true })).toBeVisible();
  await expect(subscriptionCard(page).getByText('25 concurrent users')).toBeVisible();
  await expect(subscriptionCard(page).getByText('$792.00 per year + tax 5% ($39.60) = $831.60')).toBeVisible();
  await expect(subscriptionCard(page).getByText(`Next charge on ${aYearFromToday()}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Billing information', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/subscription-current-plan-paid.png', fullPage: true });
  await logout(page);
});

test('the Billing information card saves alone, and a cancelled subscription shows until its valid date', async ({
  page,
}) => {
  // Two sign-ins, a download and a plan change on a loaded machine.
  test.setTimeout(300_000);
  await signInAs(page);
  await page.goto('/administration');
  await page.getByRole('button', { name: 'Billing information', exact: true }).click();
  const billing = page.locator('#admin-billingInformation').getByRole('form', { name: 'Billing information' });
  await expect(billing.getByLabel('City')).toHaveValue('Vancouver');
  await billing.getByLabel('Phone').fill('');
  await page.keyboard.press('Tab');
  await billing.getByRole('button', { name: 'Save' }).click();
  await expect(billing.getByText('Phone is required')).toBeVisible();
  await billing.getByLabel('Phone').fill('604-555-0199');
  await billing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Billing information is successfully update.')).toBeVisible();
  await page.screenshot({ path: 'test-results/subscription-billing-card.png', fullPage: true });

  // The receipt of the yearly plan's charge, listed under the billing details, downloads as a PDF.
  const receipts = page.locator('#admin-billingInformation').getByRole('table', { name: 'Receipts' });
  const row = receipts.getByRole('row').filter({ hasText: '#1' });
  await expect(row).toContainText('$831.60');
  await expect(receipts.getByRole('row')).toHaveCount(2);
  for (const [width, height, name] of [
    [1366, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await receipts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/subscription-receipts-${name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download receipt 1' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('receipt-1.pdf');
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('button', { name: 'Subscription', exact: true }).click();
  const card = subscriptionCard(page);
  // Nothing changed: Next on Select Plan stays disabled for the plan the company already has.
  await card.getByRole('button', { name: 'Change' }).click();
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(card.getByText('Concurrent users: 25')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Next' })).toBeDisabled();
  await card.getByRole('button', { name: 'Cancel', exact: true }).click();

  // Fewer users: nothing is charged, the 25 seats stay until the renewal, which the card announces.
  await card.getByRole('button', { name: 'Change' }).click();
  await card.getByRole('button', { name: 'Next' }).click();
  await card.getByRole('slider').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(card.getByText('Concurrent users: 5')).toBeVisible();
  await card.getByRole('button', { name: 'Next' }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Subscription is successfully updated.')).toBeVisible();
  await page.getByRole('dialog', { name: 'Logout required' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Incident management service for your business.')).toBeVisible();
  await signInAs(page);
  await page.goto('/administration');
  await page.getByRole('button', { name: 'Subscription', exact: true }).click();
  const pending = card.getByRole('alert', { name: 'Pending plan change' });
  await expect(pending).toHaveText(new RegExp(`Changes to 5 users on ${aYearFromToday()}`));
  await expect(card.getByText('25 concurrent users')).toBeVisible();
  await expect(card.getByText('$792.00 per year + tax 5% ($39.60) = $831.60')).toBeVisible();
  for (const [width, height, name] of [
    [1366, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/subscription-pending-change-${name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await pending.getByRole('button', { name: 'Cancel change' }).click();
  await expect(page.getByText('The pending plan change is cancelled.')).toBeVisible();
  await expect(pending).toHaveCount(0);

  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel subscription' });
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Subscription successfully cancelled.')).toBeVisible();
  await expect(card.getByText(`Cancelled: the subscription is valid until ${aYearFromToday()}.`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/subscription-cancelled.png', fullPage: true });
});
