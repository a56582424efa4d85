import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { addLastMonths, analysisCall, chooseRest, openAnalyze, pngSize, rowTooltips, wizard } from './analysis-wizard';
import { typeDate } from './form';
import { createIncidents, uniqueTag } from './search-data';
import { ADMIN, apiAs, signIn } from './support';

// Periods drawn on the right axis and typed in the company format (issue 27's journeys).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

test("'Previous 12 months' and 'Current month' draw each count under its own month; the card shows its totals and opens on a chart click", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, ADMIN);
  // Incidents of known months at a location of their own, so no other incident is counted.
  const location = `Chart check ${uniqueTag()}`;
  const locationId = randomUUID();
  await (await apiAs(page)).post('/lookupMultiples', { id: locationId, type: 'location', name: location });
  const now = new Date();
  const monthsBack = (n: number) => new Date(now.getFullYear(), now.getMonth() - n, 15, 12);
  const label = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  const at = (occurredAt: Date, count: number) =>
    Array.from({ length: count }, () => ({ persons: [], occurredAt, locationId }));
  await createIncidents(page, [
    // Two minutes ago, or the month's first minute when the month began less than two minutes ago.
    ...at(new Date(Math.max(now.getTime() - 2 * 60_000, new Date(now.getFullYear(), now.getMonth(), 1).getTime())), 2),
    ...at(monthsBack(1), 3),
    ...at(monthsBack(4), 1),
    ...at(monthsBack(12), 4),
  ]);

  await openAnalyze(page);
  const w = wizard(page);
  await addLastMonths(page, 'Previous 12 months', 'Previous 12 months');
  await addLastMonths(page, 'Current month', 'Current month');
  await w.next.click();
  await chooseRest(page, 'Month', 'Bar chart', location);
  const name = `Months ${uniqueTag()}`;
  await w.step('Title and Generate').getByRole('textbox', { name: 'Title' }).fill(name);
  const { result } = await analysisCall(page, () => w.generate.click());
  expect(result.series.map((one) => one.data.reduce((sum, entry) => sum + entry.count, 0))).toEqual([8, 2]);

  // One axis of 13 real months: this month's 2 under this month, never under last year's.
  const chart = w.report.getByRole('img', { name: `${name} chart` });
  await expect(chart.locator('canvas')).toHaveCount(1);
  const [first, previous, current] = [label(monthsBack(12)), label(monthsBack(1)), label(now)];
  const axis = Array.from({ length: 13 }, (_, n) => label(monthsBack(12 - n)));
  const tips = await rowTooltips(page, chart, axis, [first, previous, current]);
  expect(tips.get(first)).toBe('Previous 12 months: 4');
  expect(tips.get(previous)).toBe('Previous 12 months: 3');
  expect(tips.get(current)).toBe('Current month: 2');
  await page.mouse.move(0, 0);
  await w.report.screenshot({ path: testInfo.outputPath('months-chart.png') });

  // The CSV follows the axis: empty where a period has no such month.
  const csv = page.waitForEvent('download');
  await w.report.getByRole('button', { name: 'Export to CSV' }).click();
  const lines = (await readFile(await (await csv).path(), 'utf8')).slice(1).split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(14);
  expect([lines[0], lines[1], lines[12], lines[13]]).toEqual([
    'Period,Previous 12 months,Current month',
    `${first},4,`,
    `${previous},3,`,
    `${current},,2`,
  ]);

  // The saved image carries the title and the periods above the chart (2 px a pixel).
  const png = page.waitForEvent('download');
  await w.report.getByRole('button', { name: 'Save as image' }).click();
  const image = await readFile(await (await png).path());
  await writeFile(testInfo.outputPath('saved-image.png'), image);
  expect(pngSize(image).height).toBeGreaterThan(2 * 500 + 100);

  // On the dashboard: the card's totals; a click on its chart opens the larger chart, titled once.
  await w.report.getByRole('button', { name: 'Save to dashboard' }).click();
  await page.getByRole('dialog', { name: 'Save Analysis' }).getByRole('button', { name: 'Save to dashboard' }).click();
  await expect(page.getByText('Analysis is saved to dashboard.')).toBeVisible();
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name });
  await expect(card.getByText('8 incidents', { exact: true })).toBeVisible();
  await expect(card.getByText('Current month: 2')).toBeVisible();
  const cardChart = card.getByRole('img', { name: `${name} chart` });
  await expect(cardChart.locator('canvas')).toHaveCount(1);
  await card.screenshot({ path: testInfo.outputPath('dashboard-card.png') });
  await cardChart.click();
  const large = page.getByRole('dialog', { name });
  await expect(large.getByRole('img', { name: `${name} chart` }).locator('canvas')).toHaveCount(1);
  await expect(large.getByRole('heading', { name })).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('chart-dialog.png') });
  await large.getByRole('button', { name: 'Close' }).click();
  await expect(large).toHaveCount(0);
  // The keyboard opens it from the card's title.
  await card.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(large).toBeVisible();
  await large.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Analysis' }).getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
});

test('a date range typed in the company format counts an incident of a known day', async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  // A closed incident on 14 February 2020 at 10:00 (this clock), before the demo's two years.
  const occurred = new Date(2020, 1, 14, 10);
  await createIncidents(page, [
    { persons: ['Typedrange'], closed: true, hoursAgo: (Date.now() - occurred.getTime()) / 3_600_000 },
  ]);
  const { companySettings } = await (await apiAs(page)).get<{ companySettings: { dateFormat: number } }>(
    '/commons/initData',
  );
  const shown = (day: string, month: string, year: string) =>
    companySettings.dateFormat === 1 ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
  await openAnalyze(page);
  const w = wizard(page);
  const step = w.step('Period (Date occurred)');
  await step.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Date range' }).click();
  // Typed digit by digit, as a person does: the year's last digit used to clear the field.
  await typeDate(step, 'From date', shown('13', '02', '2020'));
  await typeDate(step, 'To date', shown('15', '02', '2020'));
  await page.screenshot({ path: testInfo.outputPath('analysis-typed-range.png') });
  await step.getByRole('button', { name: 'Add period' }).click();
  await expect(step.getByRole('alert')).toHaveCount(0);
  const label = `${shown('13', '02', '2020')} – ${shown('15', '02', '2020')}`;
  await expect(w.summary.getByRole('button', { name: label, exact: true })).toBeVisible();
  await w.next.click();
  await w.step('Frequency').getByRole('radio', { name: 'Day', exact: true }).check();
  for (const next of ['Incident class', 'Location', 'Report type']) {
    await w.next.click();
    await expect(w.step(next)).toBeVisible();
  }
  await w.step('Report type').getByRole('radio', { name: 'Bar chart', exact: true }).check();
  await w.next.click();

  const { body, result } = await analysisCall(page, () => w.generate.click());
  expect(body.criteria[0]?.period).toMatchObject({ type: 'period', fromDate: '2020-02-13', toDate: '2020-02-15' });
  // The server names the period with a hyphen where the summary has an en dash.
  expect(result.series.map((series) => series.periodName)).toEqual([label.replace('–', '-')]);
  expect(result.series[0]?.data.map((entry) => [entry.period, entry.count])).toEqual([
    ['2020-02-13', 0],
    ['2020-02-14', 1],
    ['2020-02-15', 0],
  ]);
  await expect(w.report.getByRole('img', { name: 'My analysis chart' }).locator('canvas')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('analysis-typed-range-report.png') });
});
