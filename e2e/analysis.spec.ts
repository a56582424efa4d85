import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addLastDays, addLastMonths, analysisCall, chooseRest, openAnalyze, wizard } from './analysis-wizard';
import { expectAccessible } from './axe';
import { ADMIN, apiAs, signIn } from './support';

test('the wizard enables Next and Generate step by step, defaults the title and draws every chart type', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await openAnalyze(page);
  const w = wizard(page);

  // Step 1: Next only with a period; Generate not yet.
  await expect(w.next).toBeDisabled();
  await expect(w.generate).toBeDisabled();
  await expect(w.back).toBeDisabled();
  await addLastDays(page, 365);
  await addLastMonths(page, 'Previous 12 months', 'Last year');
  await expect(w.summary.getByRole('button', { name: 'Last 365 days', exact: true })).toBeVisible();
  await expect(w.summary.getByRole('button', { name: 'Last year', exact: true })).toBeVisible();
  await expect(w.next).toBeEnabled();
  await w.next.click();

  // Step 2: Next only with a frequency.
  await expect(w.step('Frequency')).toBeVisible();
  await expect(w.next).toBeDisabled();
  await w.step('Frequency').getByRole('radio', { name: 'Month' }).check();
  await expect(w.next).toBeEnabled();
  await w.next.click();
  // Steps 3 and 4: always.
  await expect(w.next).toBeEnabled();
  await w.next.click();
  await expect(w.step('Location')).toBeVisible();
  await expect(w.next).toBeEnabled();
  await w.next.click();
  // Step 5: only with a report type.
  await expect(w.step('Report type')).toBeVisible();
  await expect(w.next).toBeDisabled();
  await expect(w.generate).toBeDisabled();
  await w.step('Report type').getByRole('radio', { name: 'Bar chart', exact: true }).check();
  await w.next.click();

  // The last step: 'My analysis' set, Next never, Generate only with a title.
  const title = w.step('Title and Generate').getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue('My analysis');
  await expect(w.next).toBeDisabled();
  await expect(w.generate).toBeEnabled();
  await title.fill('');
  await expect(w.generate).toBeDisabled();
  await title.fill('Incidents by month');
  await expectAccessible(page, 'analysis wizard, last step');

  const { body, result } = await analysisCall(page, () => w.generate.click());
  expect(body.name).toBe('Incidents by month');
  expect(body.criteria).toHaveLength(2);
  expect(body.criteria.map((item) => [item.frequency, item.chartType, item.period.type])).toEqual([
    ['month', 'bar', 'lastNDays'],
    ['month', 'bar', 'lastNMonths'],
  ]);
  // The browser's zone and offset travel with each item.
  const zone = await page.evaluate(() => [
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    new Date().getTimezoneOffset(),
  ]);
  expect(body.criteria[0]?.timezone).toBe(zone[0]);
  expect(body.criteria[0]?.timezoneOffset).toBe(zone[1]);
  // 300 demo incidents over two years: the last 365 days hold some.
  expect(result.series[0]?.data.reduce((sum, entry) => sum + entry.count, 0)).toBeGreaterThan(0);
  const chart = w.report.getByRole('img', { name: 'Incidents by month chart' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toHaveCount(1);
  const box = await chart.boundingBox();
  expect(Math.round(box?.height ?? 0)).toBe(500);

  // Back hides the report; every other type draws too.
  for (const [label, type] of [
    ['Stacked bar chart', 'stackedBar'],
    ['Line chart', 'line'],
    ['Pie chart', 'pie'],
  ] as const) {
    await w.back.click();
    await expect(w.report).toHaveCount(0);
    await w.step('Report type').getByRole('radio', { name: label, exact: true }).check();
    await w.next.click();
    const call = await analysisCall(page, () => w.generate.click());
    expect(call.body.criteria[0]?.chartType).toBe(type);
    await expect(w.report.getByRole('img', { name: 'Incidents by month chart' }).locator('canvas')).toHaveCount(1);
  }

  // Clear: everything back to step 1.
  await w.clear.click();
  await expect(w.step('Period (Date occurred)')).toBeVisible();
  await expect(w.summary.getByRole('button', { name: 'Last 365 days', exact: true })).toHaveCount(0);
  await expect(w.next).toBeDisabled();
  await expect(w.generate).toBeDisabled();
});

test('the summary jumps to a step; deleting a period, class or location jumps there', async ({ page }) => {
  await signIn(page, ADMIN);
  await openAnalyze(page);
  const w = wizard(page);
  await addLastDays(page, 30);
  await addLastDays(page, 90, 'Quarter');
  // A date range, yesterday to today by default, reads in the company's date format.
  const { companySettings } = await (await apiAs(page)).get<{ companySettings: { dateFormat: number } }>(
    '/commons/initData',
  );
  const shown = (date: Date) => {
    const [d, m, y] = [date.getDate(), date.getMonth() + 1, date.getFullYear()].map((n) => String(n).padStart(2, '0'));
    return companySettings.dateFormat === 1 ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
  };
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  const step = w.step('Period (Date occurred)');
  await step.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Date range' }).click();
  await step.getByRole('button', { name: 'Add period' }).click();
  await expect(
    w.summary.getByRole('button', { name: `${shown(yesterday)} – ${shown(today)}`, exact: true }),
  ).toBeVisible();
  await w.next.click();
  await chooseRest(page, 'Day of week', 'Line chart');

  await w.summary.getByRole('button', { name: 'Day of week', exact: true }).click();
  await expect(w.step('Frequency')).toBeVisible();
  await w.summary.getByRole('button', { name: 'Line chart', exact: true }).click();
  await expect(w.step('Report type')).toBeVisible();

  // A class picked in step 3, deleted from the summary at step 6.
  await w.summary.getByRole('list', { name: 'Incident class' }).getByRole('button').first().click();
  await expect(w.step('Incident class')).toBeVisible();
  await w.step('Incident class').getByRole('button', { name: 'Add incident class' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Incident class' });
  await picker.getByRole('list', { name: 'Incident classes' }).getByRole('button').first().click();
  const chosen = w.step('Incident class').getByRole('list', { name: 'Chosen incident classes' }).getByRole('listitem');
  await expect(chosen).toHaveCount(1);
  const className = (await chosen.first().innerText()).trim();
  await w.summary.getByRole('button', { name: 'My analysis', exact: true }).click();
  await expect(w.step('Title and Generate')).toBeVisible();
  await w.summary.getByRole('button', { name: `Delete ${className}`, exact: true }).click();
  await expect(w.step('Incident class')).toBeVisible();
  await expect(chosen).toHaveCount(0);

  await w.summary.getByRole('button', { name: 'Delete Quarter', exact: true }).click();
  await expect(w.step('Period (Date occurred)')).toBeVisible();
  await expect(w.summary.getByRole('button', { name: 'Quarter', exact: true })).toHaveCount(0);
  await expect(w.summary.getByRole('button', { name: 'Last 30 days', exact: true })).toBeVisible();
});

test('class frequency drills down to the sub-classes and the breadcrumbs step back; CSV, PNG and Excel download', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await openAnalyze(page);
  const w = wizard(page);
  await addLastMonths(page, 'Previous 12 months');
  await addLastDays(page, 365, 'Year to date');
  await w.next.click();
  await chooseRest(page, 'Incident class', 'Bar chart');
  await w.step('Title and Generate').getByRole('textbox', { name: 'Title' }).fill('By class');

  const top = await analysisCall(page, () => w.generate.click());
  expect(top.result.frequency).toBe('class');
  const crumbs = w.report.getByRole('navigation', { name: 'Class levels' });
  await expect(crumbs.getByText('All classes')).toBeVisible();
  const parent = top.result.series.flatMap((s) => s.data).find((entry) => entry.hasChildren && entry.count > 0);
  expect(parent, 'a class with sub-classes among the demo incidents').toBeTruthy();
  if (!parent) return;

  // A click on a class with sub-classes sends the criteria again with selectedClasses.
  const level = await analysisCall(page, () =>
    w.report.getByRole('button', { name: `Sub-classes of ${parent.label}` }).click(),
  );
  expect(level.body.selectedClasses).toEqual([parent.period]);
  expect(level.body.criteria).toEqual(top.body.criteria);
  expect(level.result.selectedClasses.map((entry) => entry.id)).toEqual([parent.period]);
  await expect(crumbs.getByText(level.result.selectedClasses[0]?.name ?? '')).toBeVisible();
  const subTotal = level.result.series[0]?.data.reduce((sum, entry) => sum + entry.count, 0);
  // The sub-classes and the incidents on the class itself add up to the bar clicked.
  expect(subTotal).toBe(parent.count);

  // The CSV holds the level shown: a row per class, a column per period.
  const csv = page.waitForEvent('download');
  await w.report.getByRole('button', { name: 'Export to CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toBe('By class.csv');
  const lines = (await readFile(await csvFile.path(), 'utf8')).slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(`Class,${level.result.series.map((s) => s.periodName).join(',')}`);
  expect(lines).toHaveLength(new Set(level.result.series.flatMap((s) => s.data.map((d) => d.period))).size + 1);

  // The breadcrumb steps back to the top level.
  await crumbs.getByRole('button', { name: 'All classes' }).click();
  await expect(crumbs.getByRole('button', { name: 'All classes' })).toHaveCount(0);
  await expect(w.report.getByRole('button', { name: `Sub-classes of ${parent.label}` })).toBeVisible();

  // A click on the bar itself drills down the same way: the first period's largest class with
  // sub-classes, clicked just above the axis, across its band until the level changes.
  const first = top.result.series[0]?.data ?? [];
  const biggest = first.filter((entry) => entry.hasChildren).sort((a, b) => b.count - a.count)[0];
  expect(biggest).toBeTruthy();
  if (!biggest) return;
  const index = first.indexOf(biggest);
  const canvas = w.report.getByRole('img', { name: 'By class chart' });
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no chart box');
  // The plot starts after the value axis' labels and ends 24 px before the right edge.
  const left = box.x + 50;
  const band = (box.x + box.width - 24 - left) / first.length;
  const y = box.y + box.height - 50;
  const drilled = crumbs.getByRole('button', { name: 'All classes' });
  for (let f = 0.1; f < 0.95 && !(await drilled.isVisible()); f += 0.08) {
    await page.mouse.click(left + band * (index + f), y);
    await page.waitForTimeout(300);
  }
  await expect(drilled).toBeVisible();
  await expect(crumbs.getByText(biggest.label, { exact: true })).toHaveAttribute('aria-current', 'page');
  await drilled.click();
  await expect(drilled).toHaveCount(0);

  // Save as image: a PNG of the drawn chart.
  const png = page.waitForEvent('download');
  await w.report.getByRole('button', { name: 'Save as image' }).click();
  const pngFile = await png;
  expect(pngFile.suggestedFilename()).toBe('By class.png');
  const bytes = await readFile(await pngFile.path());
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(5_000);

  // Excel: the workbook downloads under the answer's name.
  await w.back.click();
  await w.step('Report type').getByRole('radio', { name: 'Excel', exact: true }).check();
  await w.next.click();
  const excelAnswer = page.waitForResponse((r) => r.url().includes('/api/analysis?') && r.url().includes('type=excel'));
  const xlsx = page.waitForEvent('download');
  await w.generate.click();
  const answer = await excelAnswer;
  expect(answer.status()).toBe(200);
  const disposition = answer.headers()['content-disposition'] ?? '';
  const file = await xlsx;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(disposition).toContain(file.suggestedFilename().replace(/\.xlsx$/, ''));
  // Read back: one sheet per period, each ending with its total.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  // Sheet names cannot hold '/': a range's dates keep the company's order with hyphens.
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(
    top.result.series.map((series) => series.periodName.replaceAll('/', '-')),
  );
  const firstSheet = workbook.worksheets[0];
  const lastRow = firstSheet?.getRow(firstSheet.rowCount);
  expect(lastRow?.getCell(1).value).toBe('Total');
  expect(lastRow?.getCell(2).value).toBe(top.result.series[0]?.data.reduce((sum, entry) => sum + entry.count, 0));
  await expect(page.getByText('The Excel workbook was downloaded.')).toBeVisible();
});
