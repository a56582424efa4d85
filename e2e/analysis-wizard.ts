import { expect, type Locator, type Page } from '@playwright/test';

/** The analysis wizard's buttons and regions, found as a person finds them. */
export const wizard = (page: Page) => ({
  next: page.getByRole('button', { name: 'Next', exact: true }),
  back: page.getByRole('button', { name: 'Back', exact: true }),
  generate: page.getByRole('button', { name: 'Generate', exact: true }),
  clear: page.getByRole('button', { name: 'Clear', exact: true }),
  summary: page.getByRole('complementary', { name: 'Summary' }),
  step: (name: string) => page.getByRole('region', { name }),
  report: page.getByRole('region', { name: 'Analysis report' }),
});

export async function openAnalyze(page: Page) {
  await page.goto('/analyze');
  await expect(page.getByRole('heading', { name: 'Analyze', exact: true })).toBeVisible();
  await expect(wizard(page).step('Period (Date occurred)')).toBeVisible();
}

/** Step 1: adds a 'last n days' period (a preset) with an optional name. */
export async function addLastDays(page: Page, days: number, name = '') {
  const step = wizard(page).step('Period (Date occurred)');
  await step.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Last n days' }).click();
  await step.getByRole('radio', { name: `${days} days` }).check();
  await step.getByRole('textbox', { name: 'Period name (optional)' }).fill(name);
  await step.getByRole('button', { name: 'Add period' }).click();
}

/** Step 1: adds a 'last n months' period (a preset such as 'Previous 12 months'). */
export async function addLastMonths(page: Page, preset: string, name = '') {
  const step = wizard(page).step('Period (Date occurred)');
  await step.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Last n months' }).click();
  await step.getByRole('radio', { name: preset }).check();
  await step.getByRole('textbox', { name: 'Period name (optional)' }).fill(name);
  await step.getByRole('button', { name: 'Add period' }).click();
}

/** From step 2 to the last step: a frequency, no class filter, a location if named, a report type. */
export async function chooseRest(page: Page, frequency: string, reportType: string, location?: string) {
  const w = wizard(page);
  await w.step('Frequency').getByRole('radio', { name: frequency }).check();
  await w.next.click();
  await expect(w.step('Incident class')).toBeVisible();
  await w.next.click();
  await expect(w.step('Location')).toBeVisible();
  if (location) {
    await w.step('Location').getByRole('button', { name: 'Add location' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Location' });
    await picker.getByRole('list', { name: 'Locations' }).getByRole('button', { name: location, exact: true }).click();
    await expect(w.step('Location').getByRole('list', { name: 'Chosen locations' })).toContainText(location);
  }
  await w.next.click();
  await w.step('Report type').getByRole('radio', { name: reportType, exact: true }).check();
  await w.next.click();
  await expect(w.step('Title and Generate')).toBeVisible();
}

/** The request body of the next POST /api/analysis and its answer, around `action`. */
export async function analysisCall(page: Page, action: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => r.url().includes('/api/analysis?') && r.request().method() === 'POST' && !r.url().includes('type=excel'),
  );
  await action();
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(200);
  return {
    body: answer.request().postDataJSON() as {
      criteria: {
        frequency: string;
        chartType: string;
        timezone?: string;
        timezoneOffset: number;
        period: { type: string };
      }[];
      name: string;
      selectedClasses?: string[];
    },
    result: (await answer.json()) as {
      frequency: string;
      selectedClasses: { id: string; name: string }[];
      series: { periodName: string; data: { period: string; label: string; count: number; hasChildren?: boolean }[] }[];
    },
  };
}

/**
 * The tooltip of each wanted row of a drawn bar or line chart whose category axis reads `axis`,
 * read as a person reads it: the pointer on the row's band, the tooltip's first line its category.
 * Two readings give the bands' width; each row is then found in a move or two.
 */
export async function rowTooltips(page: Page, chart: Locator, axis: readonly string[], wanted: readonly string[]) {
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart box');
  const y = box.y + box.height / 2;
  const read = async (x: number) => {
    await page.mouse.move(x, y);
    const [first = '', ...rest] = (await chart.innerText()).split('\n');
    return { x, index: axis.indexOf(first), text: rest.join('\n') };
  };
  const [a, b] = [await read(box.x + box.width * 0.3), await read(box.x + box.width * 0.8)];
  expect(a.index >= 0 && b.index > a.index, 'two rows of the axis under the pointer').toBe(true);
  const band = (b.x - a.x) / (b.index - a.index);
  const found = new Map<string, string>();
  for (const category of wanted) {
    const target = axis.indexOf(category);
    let at = await read(a.x + (target - a.index) * band);
    for (let step = 0; step < 4 && at.index !== target; step++) {
      // Outside the plot (no row): back towards its middle.
      at = await read(at.index < 0 ? (at.x + box.x + box.width / 2) / 2 : at.x + (target - at.index) * band * 0.75);
    }
    if (at.index === target) found.set(category, at.text);
  }
  expect([...found.keys()], 'the rows found on the chart').toEqual([...wanted]);
  return found;
}

/** The width and height of a PNG file, from its header. */
export const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });
