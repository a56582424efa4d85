import { expect, type Page } from '@playwright/test';

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

/** From step 2 to the last step: a frequency, no filters, a report type. */
export async function chooseRest(page: Page, frequency: string, reportType: string) {
  const w = wizard(page);
  await w.step('Frequency').getByRole('radio', { name: frequency }).check();
  await w.next.click();
  await expect(w.step('Incident class')).toBeVisible();
  await w.next.click();
  await expect(w.step('Location')).toBeVisible();
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
