import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { chooseWhat, typeRichText } from './form';
import { ADMIN, apiAs, cardCount, logout, STAFF, signIn } from './support';

// The service worker is what this file is about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** A camera photo as a phone hands it over: a large JPEG with detail (resized before it is kept). */
const cameraPhoto = () =>
  sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();

/** What the phone keeps in IndexedDB for offline use: the identity and the company's lookups. */
const offlineStores = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ identity: number; initData: number }>((resolve, reject) => {
        const open = indexedDB.open('blotter-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('identity')) {
            db.close();
            resolve({ identity: 0, initData: 0 });
            return;
          }
          const tx = db.transaction(['identity', 'initData']);
          const identity = tx.objectStore('identity').count();
          const initData = tx.objectStore('initData').count();
          tx.oncomplete = () => {
            db.close();
            resolve({ identity: identity.result, initData: initData.result });
          };
        };
      }),
  );

/** Records an incident in the offline form and saves it to the outbox. */
async function recordOffline(page: Page, summary: string, photo: Buffer) {
  await page.goto('/newincident');
  await expect(page.getByText('Recording on this phone')).toBeVisible();
  // On a phone a date is picked from the calendar dialog: the 1st of this month.
  await page.getByRole('group', { name: 'Date occurred' }).getByRole('button', { name: 'Choose date' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('gridcell', { name: '1', exact: true }).first().click();
  await picker.getByRole('button', { name: 'Next', exact: true }).click();
  await picker.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(picker).toBeHidden();
  await chooseWhat(page, 'Security', 'Theft');
  await typeRichText(page, 'Summary', summary);
  await page.locator('input[type="file"][capture]').first().setInputFiles({
    name: 'IMG_0001.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL('**/outbox');
}

test('a guard records incidents with photos offline; they arrive exactly once when the network is back', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const photo = await cameraPhoto();
  await signIn(page, STAFF);
  const openBefore = await cardCount(page, 'Open Incidents');
  // The service worker takes the page, and the phone keeps the user and the company's lookups.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller))).toBe(true);
  await expect.poll(() => offlineStores(page)).toEqual({ identity: 1, initData: 1 });

  await context.setOffline(true);
  await recordOffline(page, 'Offline theft at gate 4', photo);
  await recordOffline(page, 'Offline theft in car park', photo);
  await expect(page.getByRole('link', { name: 'Waiting to send (2)' })).toBeVisible();

  // Reopened with no network: the outbox is still there.
  await page.reload();
  await expect(page.getByTestId('outbox-item')).toHaveCount(2);
  await expect(page.getByText('Waiting to send', { exact: true })).toHaveCount(2);
  // The installed app started afresh (a new tab has no session) opens offline for the same user.
  const fresh = await context.newPage();
  await fresh.goto('/outbox');
  await expect(fresh.getByText('Offline theft in car park')).toBeVisible();
  await fresh.goto('/dashboard');
  await expect(fresh.getByRole('heading', { name: 'Offline' })).toBeVisible();
  await fresh.close();

  // Signing out with items in the outbox warns first.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const warning = page.getByRole('dialog', { name: 'Incidents not sent yet' });
  await expect(warning).toContainText('2 incidents recorded on this phone have not been sent');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();

  // The first submit reaches the server but its answer is lost: the retry must not make a second.
  let cut = false;
  await page.route('**/api/incidents', async (route) => {
    if (route.request().method() !== 'POST' || cut) return route.fallback();
    cut = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // What the outbox items say (the toast saying the same is not counted).
  const sent = page.getByTestId('outbox-item').getByText(/^Sent: Incident #\d+$/);
  await expect(sent).toHaveCount(2, { timeout: 90_000 });
  expect(cut).toBe(true);
  await page.unroute('**/api/incidents');

  const api = await apiAs(page);
  for (const link of await page.getByRole('link', { name: /^Incident #\d+$/ }).all()) {
    const id = ((await link.getAttribute('href')) ?? '').split('/').pop() ?? '';
    const attachments = await api.get<{ name: string; contentType?: string }[]>(`/incidents/${id}/attachments`);
    expect(attachments.map((one) => one.name)).toEqual(['Photo 1']);
    const history = await api.get<{ recordedOfflineAt: string | null }[]>(`/incidents/${id}/history`);
    expect(history.at(-1)?.recordedOfflineAt).toBeTruthy();
  }
  await page.goto('/dashboard');
  expect(await cardCount(page, 'Open Incidents')).toBe(openBefore + 2);

  // A send the server refuses (a privilege removed meanwhile) stays with its message, opens in the
  // form to be corrected, and goes once saved again with the privilege back.
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, ADMIN);
  const admin = await apiAs(adminPage);
  const groups = await admin.get<{ id: string; name: string; userPrivileges: string[] }[]>('/userGroups');
  const staffGroup = groups.find((group) => group.name === 'Staff');
  if (!staffGroup) throw new Error('The demo company has no Staff workgroup');
  const staffPrivileges = (userPrivileges: string[]) =>
    admin.put('/userGroups', { id: staffGroup.id, name: staffGroup.name, isAdmin: false, userPrivileges });
  await context.setOffline(true);
  await recordOffline(page, 'Offline theft refused at first', photo);
  await staffPrivileges(staffGroup.userPrivileges.filter((privilege) => privilege !== 'MYINCIDENT_ADD'));
  try {
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('You do not have permission.', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Refused', { exact: true })).toBeVisible();
  } finally {
    await staffPrivileges(staffGroup.userPrivileges);
    await adminPage.context().close();
  }
  await page.getByRole('link', { name: 'Correct' }).click();
  await expect(page.getByText('The server refused this incident: You do not have permission.')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL('**/outbox');
  await expect(sent).toHaveCount(3, { timeout: 60_000 });

  // One more offline, then the phone passes to another user: they see nothing of it.
  await context.setOffline(true);
  await recordOffline(page, 'Offline note for later', photo);
  // Back online, the server is still out of reach for a moment: the item stays on the phone.
  await page.route('**/api/draftIncidents', (route) => route.abort('connectionrefused'));
  await context.setOffline(false);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Incidents not sent yet' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Incident management service for your business.')).toBeVisible();
  await page.unroute('**/api/draftIncidents');
  await signIn(page, ADMIN);
  await page.goto('/outbox');
  await expect(page.getByText('Nothing recorded on this phone is waiting.')).toBeVisible();
  await expect(page.getByText('Offline note for later')).toHaveCount(0);
  await logout(page);
  // Back with its owner, it is sent.
  await signIn(page, STAFF);
  await page.goto('/outbox');
  await expect(sent).toHaveCount(4, { timeout: 60_000 });
});
