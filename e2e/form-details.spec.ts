import { expect, type Page, test } from '@playwright/test';
import { chooseWhat, openNewIncident, savedIncidentNumber, typeDate, typeRichText } from './form';
import { ADMIN, cardCount, signIn } from './support';

const PERSON = { first: 'Quinn', last: 'Closer' };

/** Fills what a new incident needs to be submitted. */
async function fillMinimalIncident(page: Page, summary: string) {
  await typeDate(page, 'Date occurred', '03/02/2025 09:15 AM');
  await chooseWhat(page, 'Security', 'Theft');
  await typeRichText(page, 'Summary', summary);
}

test('an incident already resolved is closed from the new-incident form in one step', async ({ page }) => {
  await signIn(page, ADMIN);
  const openBefore = await cardCount(page, 'Open Incidents');
  const closedBefore = await cardCount(page, 'Closed Incidents');

  await openNewIncident(page);
  await fillMinimalIncident(page, 'Wallet handed in at the desk and returned to its owner.');
  await page.getByRole('button', { name: 'New person' }).click();
  await page.getByRole('dialog', { name: 'Is the person an employee?' }).getByRole('button', { name: 'No' }).click();
  const person = page.getByRole('region', { name: 'Person 1' });
  await person.getByRole('textbox', { name: 'First name' }).fill(PERSON.first);
  await person.getByRole('textbox', { name: 'Last name' }).fill(PERSON.last);

  await page.getByRole('button', { name: 'Close incident' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close Incident' });
  await closeDialog.getByRole('textbox', { name: 'Comments' }).fill('Owner collected the wallet.');
  await closeDialog.getByRole('button', { name: 'Close incident' }).click();
  await page
    .getByRole('dialog', { name: 'Close confirmation' })
    .getByRole('button', { name: 'Close incident' })
    .click();

  const number = await savedIncidentNumber(page, /Incident #\d+ is closed\./);
  await expect.poll(() => cardCount(page, 'Closed Incidents')).toBe(closedBefore + 1);
  expect(await cardCount(page, 'Open Incidents')).toBe(openBefore);

  // The closed incident shows its close information and, without an investigator, 'Not assigned'.
  await page.getByRole('button', { name: 'Closed Incidents', exact: true }).click();
  const list = page.getByRole('dialog', { name: 'Closed Incidents' });
  const row = list.getByRole('row').filter({ has: page.getByRole('cell', { name: String(number), exact: true }) });
  await expect(row).toContainText('Not assigned');
  await list.getByRole('button', { name: `View incident #${number}` }).click();
  const viewer = page.getByRole('dialog', { name: `Incident #${number}` });
  await expect(viewer.getByRole('region', { name: 'Close information' })).toContainText('Owner collected the wallet.');
  await expect(viewer.getByText('Not assigned')).toBeVisible();
});

test('person search shows when a person was last seen in the company date format', async ({ page }) => {
  await signIn(page, ADMIN);
  await openNewIncident(page);
  await page.getByRole('button', { name: 'Add person' }).click();
  const search = page.getByRole('dialog', { name: 'Select Person' });
  await search.getByRole('textbox', { name: 'Person name' }).fill(PERSON.last);
  await search.getByRole('button', { name: 'Search' }).click();
  const results = search.getByRole('list', { name: 'Search results' });
  // The demo company writes dd/MM/yyyy.
  await expect(results.getByText(/last seen \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
  await expect(results.getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
});

test('an attachment name past 100 characters shows the spec message, typed or pasted', async ({ page }) => {
  await signIn(page, ADMIN);
  await openNewIncident(page);
  await page.getByRole('button', { name: 'Add attachment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Attachment' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  const long = 'n'.repeat(101);

  await name.clear();
  await page.keyboard.type(long);
  await expect(name).toHaveValue(long);
  await expect(dialog.getByText('Name must be at most 100 characters.')).toBeVisible();

  await name.clear();
  await expect(dialog.getByText('Name must be at most 100 characters.')).toHaveCount(0);
  // A paste arrives as one insertion of the whole text.
  await page.keyboard.insertText(`p${long}`);
  await expect(name).toHaveValue(`p${long}`);
  await expect(dialog.getByText('Name must be at most 100 characters.')).toBeVisible();
});

test('toasts stand above the Save bar, and a success closes the error toast of the attempt before', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await openNewIncident(page);
  await typeDate(page, 'Date occurred', '03/02/2025 09:15 AM');
  await typeRichText(page, 'Summary', 'Door found unlocked after hours.');
  await page.getByRole('button', { name: 'Save' }).click();
  const errorToast = page.getByRole('alert').filter({ hasText: "'What' is required" }).last();
  await expect(errorToast).toBeVisible();

  // The toast slides in from below: measure once it has come to rest, above the Save bar.
  const gapAboveSave = async () => {
    const toastBox = await errorToast.boundingBox();
    const saveBox = await page.getByRole('button', { name: 'Save' }).boundingBox();
    return toastBox && saveBox ? saveBox.y - (toastBox.y + toastBox.height) : Number.NEGATIVE_INFINITY;
  };
  await expect.poll(gapAboveSave).toBeGreaterThanOrEqual(0);

  await chooseWhat(page, 'Security', 'Theft');
  await page.getByRole('button', { name: 'Save' }).click();
  await savedIncidentNumber(page, /Incident #\d+ is saved\./);
  await expect(page.getByRole('alert').filter({ hasText: "'What' is required" })).toHaveCount(0);
});

test('Escape in the edit form asks before closing it', async ({ page }) => {
  await signIn(page, ADMIN);
  await openNewIncident(page);
  await fillMinimalIncident(page, 'Fire door propped open.');
  await page.getByRole('button', { name: 'Save' }).click();
  const number = await savedIncidentNumber(page, /Incident #\d+ is saved\./);

  await page.getByRole('button', { name: 'Open Incidents', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Open Incidents' })
    .getByRole('button', { name: `Edit incident #${number}` })
    .click();
  const viewer = page.getByRole('dialog', { name: `Incident #${number}` });
  await expect(viewer.getByRole('heading', { name: /^When/ })).toBeVisible();

  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Close the incident' });
  await expect(question).toContainText('Are you sure you want to close the incident without saving?');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(viewer.getByRole('heading', { name: /^When/ })).toBeVisible();

  await page.keyboard.press('Escape');
  await question.getByRole('button', { name: 'Close without saving' }).click();
  await expect(viewer).toBeHidden();
});
