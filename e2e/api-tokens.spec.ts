import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, openAdminCard, signIn } from './support';

// The secret is taken from the clipboard, as an administrator pastes it into another system.
test.use({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1366, height: 900 } });

test('an administrator creates an API token, another system reads with it, and a revocation stops it at once', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const name = `BI export ${Date.now().toString(36)}`;
  await signIn(page, ADMIN);
  await openAdminCard(page, 'API access');

  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await dialog.getByRole('textbox', { name: 'Token name' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'Search all incidents' }).check();
  await dialog.getByRole('checkbox', { name: 'Create incidents' }).check();
  // A token never holds the system administration, even an administrator's.
  await expect(dialog.getByRole('checkbox', { name: 'System administration' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/api-tokens-create.png' });
  await dialog.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: 'API token created' });
  await expect(shown).toContainText('You will not see it again.');
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByText('Copied to the clipboard.')).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toMatch(/^blt_live_[0-9A-Za-z]{49}$/);
  await expect(shown.getByRole('textbox', { name: 'API token' })).toHaveValue(secret);
  await page.screenshot({ path: 'test-results/api-tokens-secret.png' });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${secret.slice(0, 13)}…`);
  await expect(row).toContainText('Active');
  // Expires and Last used (columns 6 and 7): never.
  await expect(row.getByRole('cell').nth(5)).toHaveText('Never');
  await expect(row.getByRole('cell').nth(6)).toHaveText('Never');

  // Another system: no browser session, only the token.
  const other = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  const mine = await other.get('/api/incidents/my?p=0&psz=5');
  expect(mine.status(), await mine.text()).toBe(200);
  const body = (await mine.json()) as { items: unknown[]; total: number; pageSize: number };
  expect(body.pageSize).toBe(5);
  expect(body.total).toBeGreaterThan(0);
  // A privilege the administrator holds but the token was not given.
  expect((await other.get('/api/userGroups')).status()).toBe(403);

  // The card shows the use.
  await openAdminCard(page, 'API access');
  const lastUsed = page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(6);
  await expect(lastUsed).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);
  await page.screenshot({ path: 'test-results/api-tokens-card.png', fullPage: true });
  await expectAccessible(page, 'API access card');

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API token' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revoked');

  const refused = await other.get('/api/incidents/my?p=0&psz=5');
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ code: 'UNAUTHORIZED', message: 'This API token has been revoked.' });
  await other.dispose();
});
