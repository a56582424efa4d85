import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo!2345';
export const ADMIN = 'admin@demo.example';
export const STAFF = 'staff@demo.example';

/** Signs in through the product's own sign-in page, as a person does, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await page
    .getByRole('link', { name: 'SIGN IN' })
    .or(page.getByRole('button', { name: 'SIGN IN' }))
    .first()
    .click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Logs out through the avatar menu and waits until the signed-out landing page shows again. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Incident management service for your business.')).toBeVisible();
}

/** The number shown on a dashboard count card ('Draft Incidents', 'Open Incidents', 'Closed Incidents'). */
export async function cardCount(page: Page, card: string): Promise<number> {
  const region = page.getByRole('region', { name: card });
  await expect(region).toBeVisible();
  const count = region.getByText(/^\d+$/);
  await expect(count).toBeVisible();
  return Number(await count.textContent());
}
