import { expect, test } from '@playwright/test';
import { openNewIncident, pickFromTree, typeDate } from './form';
import { ADMIN, cardCount, logout, STAFF, signIn } from './support';

test('an administrator signs in, records a minimal incident, sees it counted, and logs out', async ({ page }) => {
  await signIn(page, ADMIN);
  const openBefore = await cardCount(page, 'Open Incidents');

  await openNewIncident(page);
  // Date reported defaults to now; when it occurred is for the person to say.
  await typeDate(page, 'Date occurred', '15/01/2025 09:30 AM');
  await page.getByRole('textbox', { name: 'What' }).click();
  await pickFromTree(page.getByRole('dialog', { name: 'Choose what happened' }), 'Security', 'Theft');
  await expect(page.getByRole('textbox', { name: 'What' })).toHaveValue('Security / Theft');
  await page.getByLabel('Summary').fill('Laptop taken from the front desk while unattended.');
  await page.getByRole('button', { name: 'Save' }).click();

  await page.waitForURL('**/dashboard');
  await expect(page.getByText(/Incident #\d+ is saved\./)).toBeVisible();
  await expect.poll(() => cardCount(page, 'Open Incidents')).toBe(openBefore + 1);

  await logout(page);
  await expect(
    page.getByRole('link', { name: 'SIGN IN' }).or(page.getByRole('button', { name: 'SIGN IN' })),
  ).toBeVisible();
  // Signed out for real: the dashboard now sends the visitor back to the landing page.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a staff member sees no Administration and is refused the page', async ({ page }) => {
  await signIn(page, STAFF);
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'New Incident' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Search' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Analyze' })).toHaveCount(0);

  await page.goto('/administration');
  await expect(page).toHaveURL(/\/errors\/noPermission$/);
  await expect(page.getByRole('heading', { name: 'Permission Error' })).toBeVisible();
  await expect(page.getByText('You do not have permission.')).toBeVisible();
});

test('an unknown path shows the page-does-not-exist error page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Exist Error' })).toBeVisible();
  await expect(page.getByText('The page does not exist.')).toBeVisible();
});

test('a signed-out visitor is sent from the dashboard to the landing page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Incident management service for your business.')).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: 'SIGN UP' })
      .or(page.getByRole('button', { name: 'SIGN UP' }))
      .first(),
  ).toBeVisible();
});
