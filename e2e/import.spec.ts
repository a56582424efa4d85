import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, apiAs, openAdminCard, signIn } from './support';

const SHOTS = process.env.IMPORT_SHOTS_DIR;
const ROWS = 500;
const HEADERS = [
  'Incident No',
  'Date Reported',
  'Date Occurred',
  'Incident Category',
  'Severity',
  'First name',
  'Last name',
  'Summary',
];
const CLASSES = ['Security > Theft > Shoplifting', 'Safety > Hazard > Spill', 'Property > Damage > Vandalism'];
const SEVERITIES = ['Low', 'Medium', 'High'];
/** The three rows the form's rules refuse (spreadsheet rows, the header being row 1). */
const FUTURE = 100;
const NO_CLASS = 200;
const AFTER_REPORTED = 300;

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The old system's export: 500 incidents of the last three weeks, each with one person whose last
 * name only this run carries, so Search finds exactly them. Row FUTURE occurred in ten days, row
 * NO_CLASS has no class, row AFTER_REPORTED occurred after it was reported.
 */
function historyCsv(tag: string): Buffer {
  const hour = 60 * 60 * 1000;
  const now = Date.now();
  const lines = [HEADERS.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const occurred = new Date(now - ((i % 20) + 1) * 24 * hour - 2 * hour);
    let reported = new Date(occurred.getTime() + hour);
    let occurredAt = occurred;
    if (i === FUTURE) occurredAt = new Date(now + 10 * 24 * hour);
    if (i === AFTER_REPORTED) reported = new Date(occurred.getTime() - hour);
    lines.push(
      [
        `OLD-${tag}-${i}`,
        reported.toISOString(),
        occurredAt.toISOString(),
        i === NO_CLASS ? '' : (CLASSES[i % CLASSES.length] ?? ''),
        SEVERITIES[i % SEVERITIES.length] ?? '',
        'Pat',
        `Imported${tag}`,
        `Case ${i} from the old system, "as written", with a comma`,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** The incidents the journey imported, deleted after it whether it passed or not (other specs count the admin's). */
const imported: string[] = [];
let cleanupPage: Page | undefined;
test.afterEach(async () => {
  if (!cleanupPage || imported.length === 0) return;
  const api = await apiAs(cleanupPage);
  for (const id of imported.splice(0)) {
    type Rows = { items: { incidentId: string | null }[]; total: number };
    for (let p = 0; ; p++) {
      const rows = await api.get<Rows>(`/imports/${id}/rows?outcome=created&p=${p}&psz=100`);
      for (const row of rows.items) if (row.incidentId) await api.delete(`/incidents/${row.incidentId}`);
      if ((p + 1) * 100 >= rows.total) break;
    }
  }
});

/** The Import card (the page's other cards left out of the picture), or the page elsewhere. */
async function shot(page: Page, name: string) {
  const card = page.locator('.MuiAccordion-root', { has: page.locator('#admin-import-header') });
  if (!SHOTS) return;
  const file = path.join(SHOTS, `import-${name}.png`);
  await ((await card.count()) > 0 ? card.screenshot({ path: file }) : page.screenshot({ path: file }));
}

/** Administration with the Import card open and Settings (open by default, the first card) closed. */
async function openImportCard(page: Page) {
  await openAdminCard(page, 'Import');
  const settings = page.getByRole('button', { name: 'Settings', exact: true });
  if ((await settings.getAttribute('aria-expanded')) === 'true') await settings.click();
}

/** Uploads the file through the card's picker; answers the new import's id. */
async function upload(page: Page, file: Buffer, name: string): Promise<string> {
  await openImportCard(page);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/imports'));
  await page.getByLabel('Spreadsheet to import').setInputFiles({ name, mimeType: 'text/csv', buffer: file });
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  const { id } = (await response.json()) as { id: string };
  imported.push(id);
  // A CSV's one sheet is named after the file.
  await expect(page.getByRole('region', { name: `Sheet ${name.replace(/\.csv$/, '')}` })).toBeVisible();
  return id;
}

/** The select of a column, named by its header (and the field it shows). */
const column = (sheet: Locator, header: string) => sheet.getByRole('combobox', { name: new RegExp(`^${header}\\b`) });

/** From the column mapping through the values and the preview to the dry run's result. */
async function mapAndDryRun(page: Page, shots: boolean) {
  await page.getByRole('button', { name: 'Save mapping and continue' }).click();
  await expect(page.getByRole('region', { name: 'What (class)' })).toBeVisible();
  if (shots) await shot(page, '2-values');
  await page.getByRole('button', { name: 'Save values and continue' }).click();
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview).toBeVisible();
  if (shots) await shot(page, '3-preview');
  await page.getByRole('button', { name: 'Start the dry run' }).click();
}

test('an administrator imports 500 incidents from a spreadsheet with three bad rows, finds them in Search, and a re-run creates nothing', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, ADMIN);
  cleanupPage = page;
  const tag = randomUUID().slice(0, 8);
  const file = historyCsv(tag);
  const name = `history-${tag}.csv`;
  await openImportCard(page);
  await shot(page, '0-upload');
  await upload(page, file, name);

  // Map columns: every header guessed but 'Incident Category', which the admin maps to the class.
  const sheet = page.getByRole('region', { name: `Sheet history-${tag}` });
  await expect(column(sheet, 'Incident No')).toContainText('Source reference');
  await expect(column(sheet, 'Date Occurred')).toContainText('Date occurred');
  await expect(column(sheet, 'Incident Category')).toContainText('Not imported');
  await expect(sheet.getByText('Required fields not mapped: What (class).')).toBeVisible();
  await shot(page, '1-columns');
  await expectAccessible(page, 'import: map columns');
  await page.setViewportSize({ width: 1024, height: 800 });
  await shot(page, '1-columns-1024');
  await page.setViewportSize({ width: 1366, height: 900 });
  await column(sheet, 'Incident Category').click();
  await page.getByRole('option', { name: 'What (class) *' }).click();
  await expect(sheet.getByText(/Required fields not mapped/)).toHaveCount(0);
  await mapAndDryRun(page, true);

  // The dry run: three rows refused with the form's reasons, nothing stored yet.
  await expect(page.getByText(`Checked ${ROWS} rows: 497 can be imported, 3 refused.`)).toBeVisible({
    timeout: 120_000,
  });
  const refused = page.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row')).toHaveCount(4);
  const reasonOf = (i: number) => refused.getByRole('row').filter({ hasText: `OLD-${tag}-${i}` });
  await expect(reasonOf(FUTURE)).toContainText('Date occurred cannot be in the future.');
  await expect(reasonOf(NO_CLASS)).toContainText("'What' is required");
  await expect(reasonOf(AFTER_REPORTED)).toContainText('Date occurred cannot be later than date reported.');
  await shot(page, '4-dry-run');
  await expectAccessible(page, 'import: dry run');

  await page.getByRole('button', { name: 'Import 497 incidents' }).click();
  const confirm = page.getByRole('dialog', { name: 'Import 497 incidents' });
  await confirm.getByRole('button', { name: 'Import 497 incidents' }).click();
  await expect(page.getByRole('region', { name: 'Created' })).toContainText('497', { timeout: 120_000 });
  await expect(page.getByRole('region', { name: 'Refused' })).toContainText('3');
  await expect(page.getByRole('table', { name: 'Created rows' })).toBeVisible();
  await shot(page, '5-report');
  await expectAccessible(page, 'import: report');

  // Search finds them by the last name only they carry.
  await page.getByRole('link', { name: 'Find them in Search' }).click();
  await expect(page.getByRole('heading', { name: 'Search', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Person' }).click();
  await page.getByRole('textbox', { name: 'Last name' }).fill(`Imported${tag}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('tab', { name: 'Date occurred' }).click();
  await page.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Last n days' }).click();
  await page.getByRole('radio', { name: '30 days' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('497 incidents found', { exact: true })).toBeVisible();
  await shot(page, '6-search');

  // The same file again: the mapping is remembered, and every row was imported before.
  await upload(page, file, name);
  await expect(column(page.getByRole('region', { name: `Sheet history-${tag}` }), 'Incident Category')).toContainText(
    'What (class)',
  );
  await mapAndDryRun(page, false);
  await expect(
    page.getByText(
      `Checked ${ROWS} rows: 0 can be imported, 3 refused. 497 rows were imported before and will be skipped.`,
    ),
  ).toBeVisible({ timeout: 120_000 });
  const importAgain = page.getByRole('button', { name: 'Import 0 incidents' });
  await shot(page, '7-rerun-dry-run');
  await importAgain.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Import / })
    .click();
  await expect(page.getByRole('region', { name: 'Skipped (imported before)' })).toContainText('497', {
    timeout: 120_000,
  });
  await expect(page.getByRole('region', { name: 'Created' })).toContainText('0');
  await shot(page, '8-rerun-report');
});
