import { expect, type Locator, type Page, test } from '@playwright/test';
import { analysisCall, chooseRest, openAnalyze, wizard } from './analysis-wizard';
import { expectAccessible } from './axe';
import { ADMIN, apiAs, signedInPage } from './support';

/*
 * Issue 31 §6: a loss-prevention manager bans a person the demo history names again and again,
 * finds the person's incidents with the search's 'Active ban' criterion, and sees the person among
 * the analysis' repeat subjects with the number of their incidents.
 */

const SHOTS = process.env.SUBJECT_SHOTS_DIR;
const DECADE = '3650';

interface Bucket {
  period: string;
  label: string;
  count: number;
}
interface Subject {
  displayName: string;
  incidentCount: number;
  person: { lastName: string; isEmployee: boolean } | null;
}

/** Date occurred: the last `days` days, typed as 'Other'. */
async function addLastDays(page: Page, scope: Page | Locator, days: string) {
  await scope.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Last n days' }).click();
  await scope.getByRole('radio', { name: 'Other' }).check();
  await scope.getByRole('textbox', { name: 'Number of days' }).fill(days);
}

/** The tooltip of the horizontal bar chart's row named `label`: the pointer moved down the plot until it reads it. */
async function barTooltip(page: Page, chart: Locator, label: string): Promise<string> {
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart box');
  for (let y = box.y + 40; y < box.y + box.height - 20; y += 8) {
    await page.mouse.move(box.x + box.width * 0.5, y);
    const [first = '', ...rest] = (await chart.innerText()).split('\n');
    if (first === label) return rest.join('\n');
  }
  throw new Error(`no row ${label} on the chart`);
}

/**
 * The ban the journey records, revoked after it whether it passed or not: every e2e spec runs on the
 * same server, and e2e/subjects-alert.spec.ts names Kevin Doyle, whom the demo history may name most.
 */
const undo: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});

test('a manager bans a person who keeps coming back, finds their incidents by the active ban and sees them among the repeat subjects', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, ADMIN);
  await page.setViewportSize({ width: 1366, height: 900 });
  const api = await apiAs(page);

  // The person (not an employee) the demo history names most often, as the analysis counts them.
  const setup = await api.post<{ series: { data: Bucket[] }[] }>('/analysis?auditTitle=Setup', {
    name: 'Setup',
    criteria: [
      { period: { id: 'p', type: 'lastNDays', days: Number(DECADE) }, frequency: 'repeatSubjects', chartType: 'bar' },
    ],
  });
  let chosen: { id: string; subject: Subject } | undefined;
  for (const bucket of setup.series[0]?.data ?? []) {
    if (!bucket.period.startsWith('person:')) continue;
    const id = bucket.period.slice('person:'.length);
    const subject = await api.get<Subject>(`/subjects/person/${id}`);
    if (subject.person && !subject.person.isEmployee) {
      chosen = { id, subject };
      break;
    }
  }
  if (!chosen) throw new Error('no repeat person in the demo history');
  const { id, subject } = chosen;
  expect(subject.incidentCount).toBeGreaterThanOrEqual(2);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const ban = await api.post<{ id: string }>(`/subjects/person/${id}/bans`, {
    banType: 'ban',
    reason: 'Repeated thefts from the stores',
    locationIds: [],
    startDate: yesterday,
    endDate: null,
  });
  undo.push(() => api.delete(`/subjects/bans/${ban.id}`));

  // Search: persons with an active ban, named by their last name, over the last ten years.
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'Search', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Active ban' }).click();
  await page.getByRole('combobox', { name: 'Ban type' }).click();
  await page.getByRole('option', { name: 'Ban', exact: true }).click();
  await page.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: 'Person', exact: true }).click();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-active-ban-form-1366.png` });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('tab', { name: 'Person' }).click();
  await page.getByRole('textbox', { name: 'Last name' }).fill(subject.person?.lastName ?? '');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('tab', { name: 'Date occurred' }).click();
  await addLastDays(page, page, DECADE);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const criteria = page.getByRole('region', { name: 'Search criteria' });
  await expect(
    criteria.getByRole('group', { name: 'Active ban' }).getByText('Person with an active ban', { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByText(`${subject.incidentCount} incidents found`, { exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-active-ban-1366.png`, fullPage: true });
  await expectAccessible(page, 'search with an active ban criterion');

  // The person is under a ban, not a trespass notice: asking for the latter finds none of their incidents.
  await page.getByRole('button', { name: 'Delete Active ban: Person with an active ban' }).click();
  await page.getByRole('tab', { name: 'Active ban' }).click();
  await page.getByRole('combobox', { name: 'Ban type' }).click();
  await page.getByRole('option', { name: 'Trespass notice', exact: true }).click();
  await page.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: 'Person', exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(criteria.getByText('Person with an active trespass notice', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(results.getByText('0 incidents found', { exact: true })).toBeVisible();

  if (SHOTS) {
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto('/search');
    await page.getByRole('combobox', { name: 'Search type' }).click();
    await page.getByRole('option', { name: 'Active ban' }).click();
    await page.screenshot({ path: `${SHOTS}/search-active-ban-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  // Analysis: repeat subjects of the last ten years, as a bar chart.
  await openAnalyze(page);
  const w = wizard(page);
  const period = w.step('Period (Date occurred)');
  await addLastDays(page, period, DECADE);
  await period.getByRole('textbox', { name: 'Period name (optional)' }).fill('Last ten years');
  await period.getByRole('button', { name: 'Add period' }).click();
  await w.next.click();
  await chooseRest(page, 'Repeat subjects (2 or more incidents)', 'Bar chart');
  await w.step('Title and Generate').getByRole('textbox', { name: 'Title' }).fill('Who comes back');
  const { result } = await analysisCall(page, () => w.generate.click());
  expect(result.frequency).toBe('repeatSubjects');
  const data = result.series[0]?.data ?? [];
  expect(data.find((bucket) => bucket.period === `person:${id}`)).toEqual({
    period: `person:${id}`,
    label: subject.displayName,
    count: subject.incidentCount,
  });
  // Most incidents first, each on 2 or more.
  expect(data.map((bucket) => bucket.count)).toEqual([...data.map((bucket) => bucket.count)].sort((a, b) => b - a));
  expect(data.every((bucket) => bucket.count >= 2)).toBe(true);

  const chart = w.report.getByRole('img', { name: 'Who comes back chart' });
  await expect(chart).toBeVisible();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/analysis-repeat-subjects-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 412, height: 915 });
    await page.screenshot({ path: `${SHOTS}/analysis-repeat-subjects-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  await expectAccessible(page, 'repeat subjects chart');
  // The person's bar reads their count, as a person pointing at it reads it.
  const tip = await barTooltip(page, chart, subject.displayName);
  expect(tip).toContain(`Last ten years: ${subject.incidentCount}`);
});
