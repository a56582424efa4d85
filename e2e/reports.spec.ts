import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfWords } from '../apps/server/test/pdf-text';
import { expectAccessible } from './axe';
import { createIncidents, uniqueTag } from './search-data';
import { ADMIN, apiAs, signIn } from './support';

test('the Reports page runs a search report, prints it as a PDF, edits it and deletes it after confirmation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const tag = uniqueTag();
  const birch = `Birch${tag}`;
  const numbers = await createIncidents(page, [{ persons: [birch] }, { persons: [birch], closed: true }]);
  const api = await apiAs(page);
  const name = `Birch report ${tag}`;
  await api.post('/reports/custom', {
    name,
    description: 'Every Birch incident',
    criteria: {
      person: { values: [{ id: 'p1', lastName: birch }] },
      dateOccurred: { values: [{ id: 'd1', periodType: 'lastNDays', days: 30 }] },
    },
    columns: ['number', 'occurredDate', 'persons', 'status'],
  });

  await page.getByRole('link', { name: 'Reports' }).click();
  await page.waitForURL('**/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name });
  await expect(card.getByText('Every Birch incident')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Search report' })).toBeVisible();
  await expectAccessible(page, 'Reports page');

  // A click runs the report: its results in its saved columns.
  await card.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText('2 incidents found', { exact: true })).toBeVisible();
  const table = dialog.getByRole('table', { name });
  await expect(table.getByRole('columnheader', { name: 'Persons' })).toBeVisible();
  for (const n of numbers)
    await expect(table.getByRole('button', { name: new RegExp(`^(View|Edit) incident #${n}$`) })).toBeVisible();

  // Print: the rows are uploaded, the server's PDF opens in the viewer, and closing removes the upload.
  const uploaded = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/reports'));
  await dialog.getByRole('button', { name: 'Print' }).click();
  const viewer = page.getByRole('dialog', { name: `Print: ${name}` });
  // The dialog says how many rows a print takes, and that these results are printed whole.
  await expect(viewer.getByText('Prints up to 5,000 rows; these results have 2: all are printed.')).toBeVisible();
  const upload = JSON.parse((await uploaded).postData() ?? '{}') as { id: string; data: { columns: string[] } };
  expect(upload.data.columns).toEqual(['Number', 'Date occurred', 'Persons', 'Status']);
  await expect(viewer.locator('iframe')).toBeVisible();
  const pdfDownload = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download' }).click();
  const bytes = await readFile(await (await pdfDownload).path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfWords(bytes);
  expect(text).toContain(name);
  expect(text).toContain('Demo Security Inc.');
  for (const n of numbers) expect(text).toContain(`${n}`);
  expect(text).toContain(`Sam ${birch}`);
  const removed = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith(`/api/reports/${upload.id}`));
  await viewer.getByRole('button', { name: 'Close' }).click();
  await removed;
  await expect(viewer).toBeHidden();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Edit opens the search page with the report loaded.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await page.waitForURL('**/search');
  await expect(page.getByText(name, { exact: true })).toBeVisible();

  // Delete asks first, in the spec's words.
  await page.getByRole('link', { name: 'Reports' }).click();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Report' });
  await expect(confirm.getByText(`Are you sure you want to delete this report, "${name}"?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
});

test('chart reports and search reports share the grid newest first; a chart report opens its chart and edits on /analyze', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  const api = await apiAs(page);
  const tag = uniqueTag();
  const older = `Older search report ${tag}`;
  const chart = `Thefts by month ${tag}`;
  await api.post('/reports/custom', {
    name: older,
    criteria: { dateOccurred: { values: [{ id: 'd1', periodType: 'lastNDays', days: 30 }] } },
    columns: ['number'],
  });
  await api.post('/analysis/reports', {
    name: chart,
    description: 'This year by month',
    criteria: [{ period: { id: 'p1', type: 'lastNMonths', lastNMonths: 12 }, frequency: 'month', chartType: 'bar' }],
    chartType: 'bar',
    frequency: 'month',
  });

  await page.goto('/reports');
  const chartCard = page.getByRole('region', { name: chart });
  await expect(chartCard.getByRole('img', { name: 'Chart report' })).toBeVisible();
  await expect(chartCard.getByText('This year by month')).toBeVisible();
  // Newest first across both kinds: the chart report saved last comes before the search report.
  const names = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(names.indexOf(chart)).toBeGreaterThanOrEqual(0);
  expect(names.indexOf(chart)).toBeLessThan(names.indexOf(older));

  await chartCard.getByRole('button', { name: chart, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: chart });
  await expect(dialog.locator('canvas')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Export to CSV' })).toBeVisible();
  await expectAccessible(page, 'chart report dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await chartCard.getByRole('button', { name: `Edit ${chart}` }).click();
  await page.waitForURL('**/analyze');
  await expect(page.getByText(chart).first()).toBeVisible();
});
