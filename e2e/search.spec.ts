import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createIncidents, uniqueTag } from './search-data';
import { ADMIN, STAFF, signIn } from './support';

const NOTE = 'Due to permission settings, your search will only return results for incidents you have created.';

async function openSearch(page: Page) {
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'Search', exact: true })).toBeVisible();
}

async function addPerson(page: Page, lastName: string) {
  await page.getByRole('tab', { name: 'Person' }).click();
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

async function addLastDays(page: Page, days: string) {
  await page.getByRole('tab', { name: 'Date occurred' }).click();
  await page.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Last n days' }).click();
  await page.getByRole('radio', { name: `${days} days` }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });
const found = (page: Page, text: string) => page.getByText(text, { exact: true });

test('a multi-criteria search with an AND/OR switch pages through the server, adjusts columns and exports every row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const tag = uniqueTag();
  const alder = `Alder${tag}`;
  const birch = `Birch${tag}`;
  // 12 with Alder, one with both, one closed with Birch: Alder OR Birch finds 14, AND finds 1.
  const numbers = await createIncidents(page, [
    ...Array.from({ length: 12 }, () => ({ persons: [alder] })),
    { persons: [alder, birch] },
    { persons: [birch], closed: true },
  ]);

  await openSearch(page);
  await addPerson(page, alder);
  await addPerson(page, birch);
  await addLastDays(page, '30');
  const criteria = page.getByRole('region', { name: 'Search criteria' });
  const persons = criteria.getByRole('group', { name: 'Person' });
  await expect(persons.getByText(alder, { exact: true })).toBeVisible();
  await expect(persons.getByText(birch, { exact: true })).toBeVisible();
  await expect(criteria.getByRole('group', { name: 'Date occurred' }).getByText('Last 30 days')).toBeVisible();
  await expect(persons.getByText('Search results will contain one of the criteria connected by OR.')).toBeVisible();

  await searchButton(page).click();
  const results = page.getByRole('region', { name: 'Search results' });
  const table = results.getByRole('table', { name: 'Search results' });
  await expect(found(page, '14 incidents found')).toBeVisible();
  await expect(results.getByText('1–10 of 14')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);
  // Newest first: the closed one leads, the first one entered is on page 2.
  const rowOf = (n: number) => table.getByRole('button', { name: new RegExp(`^(View|Edit) incident #${n}$`) });
  await expect(rowOf(numbers[13] ?? 0)).toBeVisible();
  await expectAccessible(page, 'search page with criteria and results');
  const page2 = page.waitForResponse((r) => r.url().includes('/api/incidents/search?') && r.url().includes('p=1'));
  await results.getByRole('button', { name: 'Go to next page' }).click();
  expect((await page2).status()).toBe(200);
  await expect(results.getByText('11–14 of 14')).toBeVisible();
  await expect(rowOf(numbers[0] ?? 0)).toBeVisible();

  // AND: only the incident with both persons.
  await persons.getByRole('button', { name: 'AND' }).click();
  await expect(
    persons.getByText('Search results will contain ALL of the search criteria connected by AND.'),
  ).toBeVisible();
  await searchButton(page).click();
  await expect(found(page, '1 incident found')).toBeVisible();
  await expect(rowOf(numbers[12] ?? 0)).toBeVisible();

  // Back to OR, and only the closed ones.
  await persons.getByRole('button', { name: 'OR' }).click();
  await page.getByRole('tab', { name: 'Status' }).click();
  await page.getByRole('checkbox', { name: 'Closed' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(criteria.getByRole('group', { name: 'Status' }).getByText('Closed', { exact: true })).toBeVisible();
  await searchButton(page).click();
  await expect(found(page, '1 incident found')).toBeVisible();
  await expect(table.getByRole('button', { name: `Reopen incident #${numbers[13]}` })).toBeVisible();
  await criteria.getByRole('button', { name: 'Delete Status: Closed' }).click();
  await searchButton(page).click();
  await expect(found(page, '14 incidents found')).toBeVisible();

  // Columns: Severity out, Persons in; the table and the export follow.
  await results.getByRole('button', { name: 'Adjust columns' }).click();
  const columns = page.getByRole('dialog', { name: 'Select columns' });
  await columns.getByRole('checkbox', { name: 'Severity' }).uncheck();
  await columns.getByRole('checkbox', { name: 'Persons' }).check();
  await columns.getByRole('button', { name: 'OK' }).click();
  const expected = [
    'Number',
    'Date reported',
    'Date occurred',
    'What',
    'Entered by',
    'Assigned to',
    'Status',
    'Persons',
  ];
  await expect
    .poll(async () => (await table.getByRole('columnheader').allTextContents()).filter((h) => h && h !== 'Actions'))
    .toEqual(expected);

  const download = page.waitForEvent('download');
  await results.getByRole('button', { name: 'Export to excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Search results.csv');
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(expected.join(','));
  // Every matching row, not just the page shown, newest first.
  expect(lines).toHaveLength(15);
  expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([...numbers].reverse());
  expect(lines[1]).toContain('Closed');
  expect(lines[1]?.endsWith(birch)).toBe(true);
});

test('a search needs a criterion, and a date period: the last 30 days are offered', async ({ page }) => {
  await signIn(page, ADMIN);
  await openSearch(page);
  await searchButton(page).click();
  await expect(page.getByText('Please add a search criteria.')).toBeVisible();

  // Validation texts of spec 2 §5 where they apply.
  await page.getByRole('tab', { name: 'Legal entity' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Please set "Has legal entity" on, enter name or set "Is owner" on.')).toBeVisible();
  await page.getByRole('tab', { name: 'Date reported' }).click();
  await page.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Last n days' }).click();
  await page.getByRole('radio', { name: 'Other' }).check();
  await page.getByRole('textbox', { name: 'Number of days' }).fill('0');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Please enter a number greater than 0.')).toBeVisible();
  // A month criterion with nothing ticked adds nothing.
  await page.getByRole('combobox', { name: 'Period type' }).click();
  await page.getByRole('option', { name: 'Month', exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const criteria = page.getByRole('region', { name: 'Search criteria' });
  await expect(criteria.getByText('No criteria added yet.')).toBeVisible();

  await page.getByRole('tab', { name: 'Status' }).click();
  await page.getByRole('checkbox', { name: 'Open' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await searchButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Date Period Required' });
  await expect(dialog).toBeVisible();
  const searched = page.waitForResponse((r) => r.url().includes('/api/incidents/search?'));
  await dialog.getByRole('button', { name: 'OK' }).click();
  const request = (await searched).request().postDataJSON() as {
    criteria: { dateOccurred?: { values: { periodType: string; days: number; timezone?: string }[] } };
  };
  expect(request.criteria.dateOccurred?.values).toEqual([
    expect.objectContaining({ periodType: 'lastNDays', days: 30, timezone: expect.any(String) }),
  ]);
  await expect(criteria.getByRole('group', { name: 'Date occurred' }).getByText('Last 30 days')).toBeVisible();
  await expect(page.getByText(/^[\d,]+\+? incidents? found$/)).toBeVisible();

  // Leaving the page resets the search.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'Search' }).click();
  await expect(criteria.getByText('No criteria added yet.')).toBeVisible();
  await expect(page.getByText(/incidents? found$/)).toHaveCount(0);
});

test('a search saved to the dashboard shows as a card with its count, runs, is edited, updated and deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const tag = uniqueTag();
  const cedar = `Cedar${tag}`;
  const numbers = await createIncidents(page, [{ persons: [cedar] }, { persons: [cedar], closed: true }]);

  await openSearch(page);
  await addPerson(page, cedar);
  await addLastDays(page, '30');
  await searchButton(page).click();
  await expect(found(page, '2 incidents found')).toBeVisible();
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('button', { name: 'Update' })).toHaveCount(0);

  // Save to Dashboard: the name is required.
  await results.getByRole('button', { name: 'Save to Dashboard' }).click();
  const save = page.getByRole('dialog', { name: 'Save Search' });
  await save.getByRole('button', { name: 'Save to Dashboard' }).click();
  await expect(save.getByText('Name is required.')).toBeVisible();
  await expectAccessible(page, 'Save Search dialog');
  const name = `Cedar search ${tag}`;
  await save.getByRole('textbox', { name: 'Name' }).fill(name);
  await save.getByRole('textbox', { name: 'Description' }).fill('Both of them');
  await save.getByRole('button', { name: 'Save to Dashboard' }).click();
  await expect(page.getByText('Search criteria is saved to Dashboard successfully.')).toBeVisible();
  await expect(save).toBeHidden();

  // Save to Reports (the administrator has REPORT_CREATE).
  await results.getByRole('button', { name: 'Save to Reports' }).click();
  await save.getByRole('textbox', { name: 'Name' }).fill(`Cedar report ${tag}`);
  await save.getByRole('button', { name: 'Save to Reports' }).click();
  await expect(page.getByText('Search criteria is saved to Report successfully.')).toBeVisible();

  // The dashboard card counts the incidents the search finds; a click runs it.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const card = page.getByRole('region', { name });
  await expect(card.getByText('2', { exact: true })).toBeVisible();
  await expect(card.getByText('Both of them')).toBeVisible();
  await expectAccessible(page, 'dashboard with a saved search card');
  await card.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  const table = dialog.getByRole('table', { name });
  for (const n of numbers)
    await expect(table.getByRole('button', { name: new RegExp(`^(View|Edit) incident #${n}$`) })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Edit: the search page opens with the saved criteria and its name as the subtitle.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await page.waitForURL('**/search');
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  const criteria = page.getByRole('region', { name: 'Search criteria' });
  await expect(criteria.getByRole('group', { name: 'Person' }).getByText(cedar, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Status' }).click();
  await page.getByRole('checkbox', { name: 'Open' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await searchButton(page).click();
  await expect(found(page, '1 incident found')).toBeVisible();
  await results.getByRole('button', { name: 'Update' }).click();
  await expect(save.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  const renamed = `${name} open`;
  await save.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await save.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(`${renamed} is successfully updated.`)).toBeVisible();
  await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible();

  // Search in the menu, with the saved search open, starts a new search (spec 2 §4 'Leaving the
  // page resets the search state').
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search', exact: true }).click();
  await expect(criteria.getByText('No criteria added yet.')).toBeVisible();
  await expect(page.getByText(renamed, { exact: true })).toHaveCount(0);
  await expect(results).toHaveCount(0);

  // The updated card counts the open one only; delete asks first.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const updated = page.getByRole('region', { name: renamed });
  await expect(updated.getByText('1', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
  await updated.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Search' });
  await expect(confirm.getByText(`Are you sure you want to delete this search, "${renamed}"?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(updated).toHaveCount(0);
});

test('staff see the own-incidents note, find only their own incidents and cannot save to reports', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  const name = `Elm${tag}`;
  // The administrator's incident is not the staff member's to find.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN);
  await createIncidents(admin, [{ persons: [name] }]);
  await admin.context().close();

  await signIn(page, STAFF);
  await expect(page.getByText(NOTE)).toBeVisible();
  const [own] = await createIncidents(page, [{ persons: [name] }]);
  await openSearch(page);
  await expect(page.getByText(NOTE)).toBeVisible();
  await addPerson(page, name);
  await addLastDays(page, '90');
  await searchButton(page).click();
  await expect(found(page, '1 incident found')).toBeVisible();
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('button', { name: new RegExp(`incident #${own}$`) })).toBeVisible();
  await expect(results.getByRole('button', { name: 'Save to Reports' })).toBeDisabled();
  await expect(results.getByRole('button', { name: 'Save to Dashboard' })).toBeEnabled();
  await expect(results.getByRole('button', { name: 'Update' })).toHaveCount(0);
});
