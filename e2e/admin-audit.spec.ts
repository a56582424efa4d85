import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, openAdminCard, signIn } from './support';

/** /administration with the Audit card open. */
async function openAuditCard(page: Page) {
  await openAdminCard(page, 'Audit');
  const card = page.locator('#admin-audit');
  await expect(card.getByRole('table', { name: 'Audit entries' })).toBeVisible();
  return card;
}

test('an administrator finds their search and sign-in in the audit log, opens the detail and sees the chain verified', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const lastName = `Audit${Date.now().toString(36)}`;

  // Something audited: a search by a person's last name.
  await page.goto('/search');
  await page.getByRole('tab', { name: 'Person' }).click();
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const searched = page.waitForResponse((r) => r.url().includes('/api/incidents/search?') && r.ok());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // Searching needs a date period: the last 30 days are added.
  await page.getByRole('dialog', { name: 'Date Period Required' }).getByRole('button', { name: 'OK' }).click();
  await searched;

  const card = await openAuditCard(page);
  await expect(card.getByRole('group', { name: 'Date from' })).toBeVisible();
  await card.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Audit log verified' })).toBeVisible();

  // The demo company's month holds more than a page; a filter change returns to the first page.
  const table = card.getByRole('table', { name: 'Audit entries' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await card.getByRole('button', { name: 'Go to next page' }).click();
  await expect(card.getByText(/^11–20 of \d+$/)).toBeVisible();

  // The sign-in reads LOGIN.
  await card.getByRole('combobox', { name: 'Filter by' }).click();
  await page.getByRole('option', { name: 'Audit type' }).click();
  await card.getByRole('combobox', { name: 'Audit type' }).click();
  await page.getByRole('option', { name: 'Authentication' }).click();
  await expect(card.getByText(/^1–\d+ of \d+$/)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('LOGIN');
  await expect(table.getByRole('row').nth(1)).toContainText(ADMIN);

  // The search, newest first, with its criteria in the detail dialog.
  await card.getByRole('combobox', { name: 'Audit type' }).click();
  await page.getByRole('option', { name: 'Search', exact: true }).click();
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Search');
  await row.getByRole('button', { name: /^Detail of Search/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Search: / });
  await expect(dialog.getByRole('table', { name: 'Search criteria' })).toContainText('Person');
  await expect(dialog).toContainText('Last 30 days');
  await expect(dialog).toContainText(lastName);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // An incident change shows the viewer's before/after compare.
  await card.getByRole('combobox', { name: 'Audit type' }).click();
  await page.getByRole('option', { name: 'Incident', exact: true }).click();
  await table
    .getByRole('button', { name: /^Detail of Incident #/ })
    .first()
    .click();
  const compare = page.getByRole('dialog', { name: /^Incident #\d+$/ });
  await expect(compare.getByRole('heading', { name: 'After' })).toBeVisible();
  await expect(compare.getByRole('heading', { name: 'Before' })).toBeVisible();
  await compare.getByRole('button', { name: 'Close' }).click();
  await expect(compare).toBeHidden();

  // A future date is refused before it is sent.
  await card.getByRole('group', { name: 'Date to' }).getByRole('spinbutton', { name: 'Year' }).click();
  await page.keyboard.type('2999');
  await expect(card.getByRole('alert')).toHaveText('Audit dates cannot be in the future.');
  await expect(card.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
});

test('administration opens on the sub-section named in navigation state, the others closed', async ({ page }) => {
  await signIn(page, ADMIN);
  // As a link to { pathname: '/administration', state: { section: 'audit' } } navigates (React
  // Router keeps the state under `usr`), then the router hears the history change.
  await page.evaluate(() => {
    window.history.pushState({ usr: { section: 'audit' }, key: 'e2e-audit', idx: 1 }, '', '/administration');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Audit', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('table', { name: 'Audit entries' })).toBeVisible();
  for (const title of ['Settings', 'Workgroups', 'Lookups', 'Email Notifications']) {
    await expect(page.getByRole('button', { name: title, exact: true })).toHaveAttribute('aria-expanded', 'false');
  }
});

test('an administrator downloads a signed checkpoint of the audit log and verifies the log against it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  const card = await openAuditCard(page);
  const downloaded = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download checkpoint' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^audit-checkpoint-.*\.json$/);
  const file = await download.path();
  const checkpoint = JSON.parse(await readFile(file, 'utf8')) as { checkpoint: string; chainSeq: number };
  expect(checkpoint.checkpoint.split('.')).toHaveLength(3);

  await card.getByLabel('Checkpoint file').setInputFiles(file);
  await expect(
    card.getByRole('status').filter({ hasText: 'The audit log still holds this checkpoint.' }),
  ).toContainText(`(${checkpoint.chainSeq} entries)`);

  // A file that is not a checkpoint of this server is refused with the server's message.
  await card
    .getByLabel('Checkpoint file')
    .setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"checkpoint":"a.b.c"}') });
  await expect(card.getByRole('alert')).toHaveText('This is not an audit checkpoint of this server.');
});
