import { expect, type Page, test } from '@playwright/test';
import { chooseWhat, openNewIncident, savedIncidentNumber, selectOption, typeDate } from './form';
import { ADMIN, STAFF, signedInPage } from './support';

/** Saves the new-incident form and answers the number of the incident saved. */
async function saveNewIncident(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Save' }).click();
  return savedIncidentNumber(page);
}

/** What a person card says when the server withheld its private details (no PRIVACY_INFO_VIEW). */
const HIDDEN_NOTE = /Date of birth, gender, address, phones and email are hidden/;

/** Opens incident #number from the Open Incidents list, as listed (edit mode for who may edit). */
async function openListed(page: Page, number: number) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open Incidents', exact: true }).click();
  const list = page.getByRole('dialog', { name: 'Open Incidents' });
  await list.getByRole('button', { name: new RegExp(`^(View|Edit) incident #${number}$`) }).click();
  return page.getByRole('dialog', { name: `Incident #${number}` });
}

test('without the privacy privilege a person’s private details are hidden on the form and kept on save', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The administrator records a person with an email and a phone.
  const admin = await signedInPage(browser, ADMIN);
  await openNewIncident(admin);
  await typeDate(admin, 'Date occurred', '03/05/2025 10:00 AM');
  await chooseWhat(admin, 'Security', 'Theft');
  await admin.getByRole('button', { name: 'New person' }).click();
  await admin.getByRole('dialog', { name: 'Is the person an employee?' }).getByRole('button', { name: 'No' }).click();
  const recorded = admin.getByRole('region', { name: 'Person 1' });
  await recorded.getByRole('textbox', { name: 'First name' }).fill('Quinn');
  await recorded.getByRole('textbox', { name: 'Last name' }).fill('Privett');
  await recorded.getByRole('textbox', { name: 'Email' }).fill('quinn.privett@example.com');
  await recorded.getByRole('textbox', { name: 'Phone', exact: true }).fill('416-555-0142');
  await saveNewIncident(admin);

  // Staff (no PRIVACY_INFO_VIEW) finds the person by search: the list still renders.
  const staff = await signedInPage(browser, STAFF);
  await openNewIncident(staff);
  await typeDate(staff, 'Date occurred', '04/05/2025 11:00 AM');
  await chooseWhat(staff, 'Security', 'Theft');
  // The administrator investigates it, so it is on their Open Incidents list.
  await selectOption(staff.locator('main'), 'Incident Investigator', 'Dana Whitfield');
  await staff.getByRole('button', { name: 'Add person' }).click();
  const search = staff.getByRole('dialog', { name: 'Select Person' });
  await search.getByRole('textbox', { name: 'Person name' }).fill('Privett');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(search.getByRole('button', { name: 'Add Quinn Privett' })).toBeVisible();
  await search.getByRole('button', { name: 'Cancel' }).click();
  await expect(search).toBeHidden();

  // A new card with the same name: the duplicate list offers the register person, who is used.
  await staff.getByRole('button', { name: 'New person' }).click();
  await staff.getByRole('dialog', { name: 'Is the person an employee?' }).getByRole('button', { name: 'No' }).click();
  const person = staff.getByRole('region', { name: 'Person 1' });
  // A card the user types is their own: its private fields are there to fill in.
  await expect(person.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await person.getByRole('textbox', { name: 'First name' }).fill('Quinn');
  await person.getByRole('textbox', { name: 'Last name' }).fill('Privett');
  const duplicates = person.getByRole('region', { name: 'Possible duplicates' });
  const check = person.getByRole('button', { name: 'Check duplicates' });
  await expect(duplicates.or(check).first()).toBeVisible();
  if (await check.isVisible()) await check.click();
  await duplicates.getByRole('button', { name: 'Use this person' }).click();
  await expect(person.getByText(HIDDEN_NOTE)).toBeVisible();
  await expect(person.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await expect(person.getByRole('textbox', { name: 'First name' })).toHaveValue('Quinn');
  await person.getByRole('textbox', { name: 'Comments' }).fill('Seen at the gate.');
  const number = await saveNewIncident(staff);

  // Editing the saved incident: the card is still hidden, and saving keeps what is stored.
  const editor = await openListed(staff, number);
  const edited = editor.getByRole('region', { name: 'Person 1' });
  await expect(edited.getByText(HIDDEN_NOTE)).toBeVisible();
  await expect(edited.getByRole('textbox', { name: 'Phone', exact: true })).toHaveCount(0);
  await edited.getByRole('textbox', { name: 'Comments' }).fill('Seen at the gate twice.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('region', { name: 'When What Where Why' })).toBeVisible();

  // The administrator finds the email and phone on the staff's incident.
  const viewer = await openListed(admin, number);
  const view = viewer.getByRole('button', { name: 'View', exact: true });
  const sections = viewer.getByRole('region', { name: 'When What Where Why' });
  await expect(view.or(sections).first()).toBeVisible();
  if (await view.isVisible()) await view.click();
  const quinn = viewer.getByRole('article', { name: 'Quinn Privett' });
  await expect(quinn).toContainText('Seen at the gate twice.');
  await quinn.getByRole('button', { name: 'Show private details' }).click();
  await expect(quinn.getByText('quinn.privett@example.com')).toBeVisible();
  await expect(quinn.getByText('416-555-0142')).toBeVisible();
});
