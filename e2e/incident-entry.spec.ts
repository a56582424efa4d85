import { expect, test } from '@playwright/test';
import { chooseWhat, openNewIncident, png, selectOption, typeDate, typeRichText } from './form';
import { ADMIN, cardCount, STAFF, signIn } from './support';

test('an administrator records a full incident and finds it on the dashboard', async ({ page }) => {
  // Two incidents, two uploads and a crop: longer than the default minute on a busy machine.
  test.setTimeout(150_000);
  await signIn(page, ADMIN);

  // A person recorded on an earlier incident, to be found again by search.
  await openNewIncident(page);
  await typeDate(page, 'Date occurred', '02/03/2025 08:15 AM');
  await chooseWhat(page, 'Security', 'Theft');
  await page.getByRole('button', { name: 'New person' }).click();
  await page.getByRole('dialog', { name: 'Is the person an employee?' }).getByRole('button', { name: 'No' }).click();
  const earlier = page.getByRole('region', { name: 'Person 1' });
  await earlier.getByRole('textbox', { name: 'First name' }).fill('Jordan');
  await earlier.getByRole('textbox', { name: 'Last name' }).fill('Avery');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/dashboard');
  const openBefore = await cardCount(page, 'Open Incidents');

  await openNewIncident(page);
  await typeDate(page, 'Date occurred', '10/04/2025 09:40 PM');
  await chooseWhat(page, 'Security', 'Theft');
  await typeRichText(page, 'Summary', 'Two laptops taken from the loading dock after hours.');

  // A person picked by search.
  await page.getByRole('button', { name: 'Add person' }).click();
  const search = page.getByRole('dialog', { name: 'Select Person' });
  await search.getByRole('textbox', { name: 'Person name' }).fill('Avery');
  await search.getByRole('button', { name: 'Search' }).click();
  await search.getByRole('button', { name: 'Add Jordan Avery' }).click();
  await expect(search).toBeHidden();
  const jordan = page.getByRole('region', { name: 'Person 1' });
  await expect(jordan.getByRole('textbox', { name: 'First name' })).toHaveValue('Jordan');

  // A new person with a cropped picture.
  await page.getByRole('button', { name: 'New person' }).click();
  await page.getByRole('dialog', { name: 'Is the person an employee?' }).getByRole('button', { name: 'Yes' }).click();
  const casey = page.getByRole('region', { name: 'Person 2' });
  await casey.getByRole('textbox', { name: 'First name' }).fill('Casey');
  await casey.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
  await typeDate(casey, 'Date of birth', '28/02/1990');
  await casey
    .getByLabel('Picture file')
    .setInputFiles({ name: 'casey.png', mimeType: 'image/png', buffer: await png('#3a7bd5') });
  const crop = page.getByRole('dialog', { name: 'Confirm Image' });
  await crop.getByRole('button', { name: 'Confirm' }).click();
  await expect(crop).toBeHidden();
  await expect(casey.getByRole('img', { name: 'Person picture' }).first()).toBeVisible();

  // The company itself as a legal entity, owner of a vehicle; Jordan owns an item.
  await page.getByRole('button', { name: 'New legal entity' }).click();
  const owner = page.getByRole('region', { name: 'Legal entity 1' });
  // The switch turns on once the owner company is loaded.
  await owner.getByRole('switch', { name: 'Owner' }).click();
  await expect(owner.getByRole('switch', { name: 'Owner' })).toBeChecked();
  await expect(owner.getByRole('textbox', { name: 'Name' })).toHaveValue('Demo Security Inc.');

  await page.getByRole('button', { name: 'Add vehicle' }).click();
  const vehicle = page.getByRole('region', { name: 'Vehicle 1' });
  await expect(vehicle.getByRole('textbox', { name: 'License plate' })).toHaveValue('Vehicle 1');
  await vehicle.getByRole('textbox', { name: 'Make' }).fill('Ford');
  await selectOption(vehicle, 'Owner', 'Demo Security Inc.');

  await page.getByRole('button', { name: 'Add item' }).click();
  const item = page.getByRole('region', { name: 'Item 1' });
  await expect(item.getByRole('textbox', { name: 'Name' })).toHaveValue('Item 1');
  await selectOption(item, 'Status', 'Stolen');
  await item.getByRole('textbox', { name: 'Value' }).fill('1299.99');
  await selectOption(item, 'Owner', 'Jordan Avery');

  // An image attachment, uploaded with its thumbnail shown.
  await page.getByRole('button', { name: 'Add attachment' }).last().click();
  const upload = page.getByRole('dialog', { name: 'Add Attachment' });
  await expect(upload.getByRole('textbox', { name: 'Name' })).toHaveValue('Attachment 1');
  const chooser = page.waitForEvent('filechooser');
  await upload.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'dock.png', mimeType: 'image/png', buffer: await png('#d54a3a') });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  const attachment = page.getByRole('article', { name: 'Attachment 1' });
  await expect(attachment.getByRole('img')).toBeVisible();

  // A corrective action.
  await page.getByRole('button', { name: 'Add corrective action' }).click();
  const action = page.getByRole('region', { name: 'Corrective action 1' });
  await selectOption(action, 'Type', 'Increased patrols');
  await typeRichText(page, 'Details', 'Night patrol added at the loading dock.');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText(/Incident #\d+ is saved\./)).toBeVisible();
  await expect.poll(() => cardCount(page, 'Open Incidents')).toBe(openBefore + 1);
});

test('what was typed survives a page reload once the draft is saved', async ({ page }) => {
  await signIn(page, ADMIN);
  await openNewIncident(page);
  await typeRichText(page, 'Summary', 'Water leak in the server room ceiling.');
  await typeDate(page, 'Date occurred', '31/12/2024 11:55 PM');
  await page.getByRole('textbox', { name: 'Address' }).first().fill('100 King St W');
  await expect(page.getByText('Draft saved')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Summary', exact: true })).toContainText(
    'Water leak in the server room ceiling.',
  );
  await expect(page.getByRole('textbox', { name: 'Address' }).first()).toHaveValue('100 King St W');
  await expect(page.getByRole('group', { name: 'Date occurred' }).locator('input')).toHaveValue('31/12/2024 11:55 PM');
  // Clean up: the draft is deleted after confirmation.
  await page.getByRole('button', { name: 'Delete Draft' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Delete|OK|Yes/ })
    .click();
  await page.waitForURL('**/dashboard');
});

test('saving shows the spec’s validation messages and marks the sections', async ({ page }) => {
  await signIn(page, STAFF);
  await openNewIncident(page);
  await typeDate(page, 'Date occurred', '01/05/2025 10:00 AM');
  await page.getByRole('button', { name: 'New person' }).click();
  await page.getByRole('dialog', { name: 'Is the person an employee?' }).getByRole('button', { name: 'No' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("'What' is required").first()).toBeVisible();
  const person = page.getByRole('region', { name: 'Person 1' });
  await expect(person.getByText("Person's first name is required")).toBeVisible();
  await expect(page).toHaveURL(/newincident/);

  await chooseWhat(page, 'Safety', 'Injury');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "Person's first name is required" }).first()).toBeVisible();
  await expect(page).toHaveURL(/newincident/);

  await person.getByRole('textbox', { name: 'First name' }).fill('Robin');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText(/Incident #\d+ is saved\./)).toBeVisible();
});
