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
