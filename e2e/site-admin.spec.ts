import { expect, type Page, test } from '@playwright/test';
import { ADMIN, logout, STAFF, signIn } from './support';

/*
 * The profile's site-admin actions (spec 3 §2). The server runs on localhost, where 'Restore demo
 * site' is offered; the demo staff user is a system administrator here (SYSTEM_ADMIN_EMAILS in
 * playwright.config.ts) and QuickBooks is not configured. The restore puts the shared demo company
 * back as the first start made it (which every journey expects) and ends its sessions.
 */

async function openProfile(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL('**/profile');
  await expect(page.getByLabel('First name')).toBeVisible();
}

test('a system administrator asks to sync QuickBooks Online and is told it is not configured', async ({ page }) => {
  await signIn(page, STAFF);
  await openProfile(page);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sync Quickbook Online' }).click();
  await expect(page.getByText('QuickBooks Online is not configured on this server.')).toBeVisible();
  // The window opened on the click closes again.
  const window = await popup;
  await expect.poll(() => window.isClosed()).toBe(true);
  await page.screenshot({ path: 'test-results/site-admin-sync.png', fullPage: true });
});

test('the demo administrator restores the demo site and finds it as it was first created', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  await openProfile(page);
  // Not a system administrator: no QuickBooks.
  await expect(page.getByRole('button', { name: 'Sync Quickbook Online' })).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveValue('Dana');
  await page.getByLabel('First name').fill('Renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Renamed Whitfield has been updated.')).toBeVisible();

  await page.getByRole('button', { name: 'Restore demo site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore demo site' });
  await expect(dialog.getByText(/Every change made to it is lost/)).toBeVisible();
  await page.screenshot({ path: 'test-results/site-admin-restore-confirm.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(dialog.getByText('Restoring the demo site…')).toBeVisible();
  await expect(dialog.getByText('The demo site is restored. Please sign in again.')).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: 'test-results/site-admin-restore-done.png', fullPage: true });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Incident management service for your business.')).toBeVisible();

  await signIn(page, ADMIN);
  await openProfile(page);
  await expect(page.getByLabel('First name')).toHaveValue('Dana');

  // The configured system administrator (SYSTEM_ADMIN_EMAILS) is one still, with no restart.
  await logout(page);
  await signIn(page, STAFF);
  await openProfile(page);
  await expect(page.getByRole('button', { name: 'Sync Quickbook Online' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('site-admin-after-restore.png'), fullPage: true });
});
