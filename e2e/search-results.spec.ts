import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createIncidents, longestLookups, uniqueTag } from './search-data';
import { ADMIN, signIn } from './support';

// The narrowest desktop the product is used on: the default columns must fit it.
test.use({ viewport: { width: 1366, height: 768 } });

/** The incident numbers of the table's rows, top to bottom. */
const shownNumbers = (table: Locator) =>
  table
    .getByRole('row')
    .evaluateAll((rows) => rows.slice(1).map((row) => Number((row as HTMLTableRowElement).cells[1]?.textContent)));

const found = (page: Page, text: string) => page.getByText(text, { exact: true });

test('results out of date are marked, Save and Export search first, headers sort on the server and the sort is saved', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const tag = uniqueTag();
  const fir = `Fir${tag}`;
  // Eleven with Fir (two pages), the second closed; occurred 5, 1, 3, then 7 to 14 hours ago; in
  // the class with the longest path and the longest severity, the widest rows the results show.
  const hours = [5, 1, 3, 7, 8, 9, 10, 11, 12, 13, 14];
  const { classId, classPath, severityId } = await longestLookups(page);
  const numbers = await createIncidents(
    page,
    hours.map((hoursAgo, n) => ({ persons: [fir], hoursAgo, closed: n === 1, lastClassId: classId, severityId })),
  );
  const byOccurred = [...numbers].sort((a, b) => (hours[numbers.indexOf(a)] ?? 0) - (hours[numbers.indexOf(b)] ?? 0));

  await page.goto('/search');
  // Enter in a criterion's field adds it.
  await page.getByRole('tab', { name: 'Person' }).click();
  await page.getByRole('textbox', { name: 'Last name' }).fill(fir);
  await page.getByRole('textbox', { name: 'Last name' }).press('Enter');
  const criteria = page.getByRole('region', { name: 'Search criteria' });
  await expect(criteria.getByRole('group', { name: 'Person' }).getByText(fir, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('');
  await page.getByRole('tab', { name: 'Date occurred' }).click();
  await page.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Last n days' }).click();
  await page.getByRole('radio', { name: '30 days' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  const results = page.getByRole('region', { name: 'Search results' });
  const table = results.getByRole('table', { name: 'Search results' });
  await expect(found(page, '11 incidents found')).toBeVisible();
  await expect.poll(() => shownNumbers(table)).toEqual([...numbers].reverse().slice(0, 10));
  await expect(table.getByRole('cell', { name: classPath }).first()).toBeVisible();
  // The default columns fit 1366 px: nothing scrolls sideways, the Status column is whole.
  const overflow = await page.evaluate(() => {
    const wrapper = document.querySelector('[aria-label="Search results"] table')?.parentElement;
    const root = document.documentElement;
    return {
      table: (wrapper?.scrollWidth ?? 0) - (wrapper?.clientWidth ?? 0),
      page: root.scrollWidth - root.clientWidth,
    };
  });
  expect(overflow).toEqual({ table: 0, page: 0 });
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath('results-1366.png'), fullPage: true });

  // The pager's count moves with the rows: while page 2 loads, page 1 and '1–10 of 11' stay.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/incidents\/search\?.*p=1/, async (route) => {
    await held;
    await route.continue();
  });
  await results.getByRole('button', { name: 'Go to next page' }).click();
  await expect(results.getByText('1–10 of 11')).toBeVisible();
  expect(await shownNumbers(table)).toEqual([...numbers].reverse().slice(0, 10));
  release();
  await expect(results.getByText('11–11 of 11')).toBeVisible();
  expect(await shownNumbers(table)).toEqual([numbers[0]]);
  await page.unroute(/\/api\/incidents\/search\?.*p=1/);

  // A criterion added after the search: the results say they are out of date and are dimmed.
  await page.getByRole('tab', { name: 'Status' }).click();
  await page.getByRole('checkbox', { name: 'Closed' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const notice = results.getByRole('alert').filter({ hasText: 'The search criteria changed' });
  await expect(notice).toBeVisible();
  await expect(table.getByRole('cell', { name: String(numbers[0]), exact: true })).toHaveCSS(
    'color',
    'rgba(0, 0, 0, 0.6)',
  );
  await expectAccessible(page, 'search results out of date');
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('results-out-of-date.png') });

  // Save to Dashboard runs the search first: the dialog opens over the results it saves.
  await results.getByRole('button', { name: 'Save to Dashboard' }).click();
  const save = page.getByRole('dialog', { name: 'Save Search' });
  await expect(save).toBeVisible();
  await expect(found(page, '1 incident found')).toBeVisible();
  await expect(notice).toBeHidden();
  const closedName = `Closed Fir ${tag}`;
  await save.getByRole('textbox', { name: 'Name' }).fill(closedName);
  await save.getByRole('button', { name: 'Save to Dashboard' }).click();
  await expect(save).toBeHidden();

  // Switching AND/OR marks them too; 'Search again' brings them up to date.
  const persons = criteria.getByRole('group', { name: 'Person' });
  await persons.getByRole('button', { name: 'AND' }).click();
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Search again' }).click();
  await expect(notice).toBeHidden();
  await expect(found(page, '1 incident found')).toBeVisible();

  // Export after removing a criterion runs the search first and exports what is then shown.
  await criteria.getByRole('button', { name: 'Delete Status: Closed' }).click();
  await expect(notice).toBeVisible();
  const download = page.waitForEvent('download');
  await results.getByRole('button', { name: 'Export to excel' }).click();
  await expect(found(page, '11 incidents found')).toBeVisible();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(12);

  // Sorting by a header asks the server; a second click turns it around.
  const occurred = table.getByRole('columnheader', { name: 'Date occurred' });
  const sorted = page.waitForResponse((r) => r.url().includes('/api/incidents/search?'));
  await occurred.getByRole('button').click();
  expect((await sorted).request().postDataJSON().sort).toEqual({ by: 'occurredDate', direction: 'desc' });
  await expect(occurred).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => shownNumbers(table)).toEqual(byOccurred.slice(0, 10));
  await occurred.getByRole('button').click();
  await expect(occurred).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => shownNumbers(table)).toEqual([...byOccurred].reverse().slice(0, 10));
  await expect(table.getByRole('columnheader', { name: 'What' }).getByRole('button')).toHaveCount(0);

  // Saved with its sort; the dashboard card of the earlier save counts what was on screen.
  const sortedName = `Fir oldest first ${tag}`;
  await results.getByRole('button', { name: 'Save to Dashboard' }).click();
  await save.getByRole('textbox', { name: 'Name' }).fill(sortedName);
  await save.getByRole('button', { name: 'Save to Dashboard' }).click();
  await expect(save).toBeHidden();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: closedName }).getByText('1', { exact: true })).toBeVisible();
  await page
    .getByRole('region', { name: sortedName })
    .getByRole('button', { name: `Edit ${sortedName}` })
    .click();
  await page.waitForURL('**/search');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const saved = results.getByRole('table', { name: sortedName });
  await expect(saved.getByRole('columnheader', { name: 'Date occurred' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => shownNumbers(saved)).toEqual([...byOccurred].reverse().slice(0, 10));
});

test('the rows come first: the total follows them, counted beside the first page', async ({ page }) => {
  await signIn(page, ADMIN);
  const tag = uniqueTag();
  const elm = `Elm${tag}`;
  // Twelve: the page (10) is found among the newest incidents, so its answer leaves the total to the count.
  await createIncidents(
    page,
    Array.from({ length: 12 }, () => ({ persons: [elm] })),
  );
  // The count is held back until the rows are on screen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/incidents/search/count', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/search');
  await page.getByRole('tab', { name: 'Person' }).click();
  await page.getByRole('textbox', { name: 'Last name' }).fill(elm);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const answered = page.waitForResponse((r) => r.url().includes('/api/incidents/search?'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // Spec 2: a search needs a date period; the last 30 days are offered.
  await page.getByRole('dialog', { name: 'Date Period Required' }).getByRole('button', { name: 'OK' }).click();
  expect((await answered).url()).toContain('total=deferred');
  const results = page.getByRole('region', { name: 'Search results' });
  const table = results.getByRole('table', { name: 'Search results' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(found(page, 'Counting…')).toBeVisible();
  await expect(results.getByText('1–10 of more than 10', { exact: true })).toBeVisible();
  release();
  await expect(found(page, '12 incidents found')).toBeVisible();
  await expect(results.getByText('1–10 of 12', { exact: true })).toBeVisible();
  await results.getByRole('button', { name: 'Go to next page' }).click();
  await expect(results.getByText('11–12 of 12', { exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
});

test("a quick '1,000+': Count all shows the exact figure, and the pager pages past a capped total", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const tag = uniqueTag();
  const ash = `Ash${tag}`;
  await createIncidents(
    page,
    Array.from({ length: 12 }, () => ({ persons: [ash] })),
  );
  // The quick count of a text criterion answers as it does beyond 1,000 matches; the exact count
  // (exact: true) goes to the server, held until the button is seen counting.
  const exactBodies: unknown[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/incidents/search/count', async (route) => {
    const body = route.request().postDataJSON() as { exact?: boolean };
    if (!body.exact) {
      await route.fulfill({ json: { total: 1000, totalCapped: true } });
      return;
    }
    exactBodies.push(body);
    await held;
    await route.continue();
  });
  await page.goto('/search');
  await page.getByRole('tab', { name: 'Person' }).click();
  await page.getByRole('textbox', { name: 'Last name' }).fill(ash);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('dialog', { name: 'Date Period Required' }).getByRole('button', { name: 'OK' }).click();
  const results = page.getByRole('region', { name: 'Search results' });
  const table = results.getByRole('table', { name: 'Search results' });
  await expect(found(page, '1,000+ incidents found')).toBeVisible();
  await expect(results.getByText('1–10 of 1,000+', { exact: true })).toBeVisible();
  await expect(results.getByRole('button', { name: 'Go to next page' })).toBeEnabled();
  const countAll = page.getByRole('button', { name: 'Count all' });
  await expect(countAll).toBeVisible();
  await expectAccessible(page, "search results with a quick '1,000+'");
  await page.screenshot({ path: testInfo.outputPath('quick-total-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(countAll).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('quick-total-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Count all asks for the exact figure: 'Counting…' meanwhile, then the figure.
  await countAll.click();
  const counting = page.getByRole('button', { name: 'Counting…' });
  await expect(counting).toBeDisabled();
  await expect(found(page, '1,000+ incidents found')).toBeVisible();
  release();
  await expect(found(page, '12 incidents found')).toBeVisible();
  await expect(results.getByText('1–10 of 12', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Count/ })).toHaveCount(0);
  expect(exactBodies).toHaveLength(1);

  // A new run counts quickly again; Next pages on past the capped total until a short page ends it.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(found(page, '1,000+ incidents found')).toBeVisible();
  await results.getByRole('button', { name: 'Go to next page' }).click();
  await expect(results.getByText('11–12 of 12', { exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(found(page, '12 incidents found')).toBeVisible();
  await expect(results.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  await results.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(results.getByText('1–10 of 12', { exact: true })).toBeVisible();
  await expect(found(page, '12 incidents found')).toBeVisible();
  expect(exactBodies).toHaveLength(1);
});
