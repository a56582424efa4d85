import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './support';

test('on a phone the menu is a drawer without Analyze or Administration', async ({ page }) => {
  await page.goto('/');
  // No SIGN UP on a mobile device.
  await expect(page.getByText('Incident management service for your business.')).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'SIGN UP' }).or(page.getByRole('button', { name: 'SIGN UP' })),
  ).toHaveCount(0);

  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Main' });
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'New Incident' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Search' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Analyze' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  // Analyze is not registered on mobile devices.
  await page.goto('/analyze');
  await expect(page.getByRole('heading', { name: 'Page Not Exist Error' })).toBeVisible();
});

test('on a phone a date is picked from the calendar dialog, in the company format', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/newincident');
  const drafts = page.getByRole('dialog', { name: 'Saved drafts' });
  const form = page.getByRole('heading', { name: /^When/ });
  await expect(drafts.or(form).first()).toBeVisible();
  if (await drafts.isVisible()) await drafts.getByRole('button', { name: 'Create new incident' }).click();

  const occurred = page.getByRole('group', { name: 'Date occurred' });
  await occurred.getByRole('button', { name: 'Choose date' }).click();
  const picker = page.getByRole('dialog');
  await expect(picker).toBeVisible();
  // Future days are not offered.
  await expect(picker.getByRole('gridcell', { name: '1', exact: true }).first()).toBeEnabled();
  await picker.getByRole('gridcell', { name: '1', exact: true }).first().click();
  await picker.getByRole('button', { name: 'Next', exact: true }).click();
  await picker.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(occurred.locator('input')).toHaveValue(/^01\/\d\d\/\d{4} \d\d:\d\d [AP]M$/);
});
