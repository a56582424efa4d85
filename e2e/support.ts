import { type Browser, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo!2345';
export const ADMIN = 'admin@demo.example';
export const STAFF = 'staff@demo.example';

/** From the landing page, SIGN IN (a link on wide screens, a button on phones). */
export async function clickSignIn(page: Page) {
  await page.goto('/');
  await page
    .getByRole('link', { name: 'SIGN IN' })
    .or(page.getByRole('button', { name: 'SIGN IN' }))
    .first()
    .click();
}

/** Signs in through the product's own sign-in page, as a person does, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await clickSignIn(page);
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

/** A page of a new browser context (its own session), signed in as `email`. */
export async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/**
 * Opens a dashboard card's list ('Open Incidents', ...) and the viewer of incident #number from it,
 * in view mode: users who may edit get it in edit mode (and their own stored copy offered first,
 * spec 1 §4 view flow: kept), so View is pressed.
 */
export async function openFromDashboard(page: Page, card: string, number: number) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: card, exact: true }).click();
  const list = page.getByRole('dialog', { name: card });
  await list.getByRole('button', { name: new RegExp(`^(View|Edit) incident #${number}$`) }).click();
  const viewer = page.getByRole('dialog', { name: `Incident #${number}` });
  const view = viewer.getByRole('button', { name: 'View', exact: true });
  const sections = viewer.getByRole('region', { name: 'When What Where Why' });
  const offer = page.getByRole('dialog', { name: 'Continue with your changes?' });
  // The offer arrives with the copy, after the View button: answer whichever shows until view mode.
  await expect(async () => {
    if (await offer.isVisible()) await offer.getByRole('button', { name: 'Continue with my changes' }).click();
    if (await view.isVisible()) await view.click();
    await expect(sections).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return viewer;
}

/** Calls the API as the signed-in user of the page, with the access token the app keeps in the tab. */
export async function apiAs(page: Page) {
  const token = await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token;
    }
    return undefined;
  });
  if (!token) throw new Error('No access token in the tab');
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const response = await page.request.get(`/api${path}`, { headers });
      expect(response.status(), path).toBe(200);
      return (await response.json()) as T;
    },
    post: async <T>(path: string, data: unknown): Promise<T> => {
      const response = await page.request.post(`/api${path}`, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as T;
    },
    put: async <T>(path: string, data: unknown): Promise<T> => {
      const response = await page.request.put(`/api${path}`, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as T;
    },
    /** DELETE, answered 204 (or 200). */
    delete: async (path: string): Promise<void> => {
      const response = await page.request.delete(`/api${path}`, { headers });
      expect([200, 204], `${path}: ${await response.text()}`).toContain(response.status());
    },
  };
}

/** /administration with one card expanded, as a person opens it: a click on its title when closed. */
export async function openAdminCard(page: Page, title: string) {
  await page.goto('/administration');
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  const header = page.getByRole('button', { name: title, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
}
