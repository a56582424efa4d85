import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { chooseWhat, openNewIncident, pickFromTree, savedIncidentNumber, typeDate } from './form';
import { mailsTo, waitForMail } from './mailbox';
import { ADMIN, openAdminCard, signIn } from './support';

const RECIPIENT = 'fire-watch@example.com';
const SUBJECT = 'Fire watch (e2e)';

async function openNotificationsCard(page: Page) {
  await openAdminCard(page, 'Email Notifications');
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
}

test('an administrator adds an email notification rule and its recipient gets the email of a new incident', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await openNotificationsCard(page);

  // A new rule starts as 'New notification' with one empty class row with CREATE (spec 3 §4).
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Email Notification' });
  await expect(dialog.getByRole('textbox', { name: 'Email Subject Heading' })).toHaveValue('New notification');
  const row = dialog.getByRole('group', { name: 'Class row 1' });
  await expect(row.getByRole('checkbox', { name: 'CREATE' })).toBeChecked();
  await expect(row.getByRole('checkbox', { name: 'EDIT' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('At least one email address is required.')).toBeVisible();
  await expect(dialog.getByText('Please select an incident class.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Recipients' }).fill(' nobody, ');
  await dialog.getByRole('textbox', { name: 'Email Subject Heading' }).click();
  await expect(dialog.getByText('Please enter a valid email.')).toBeVisible();
  await row.getByRole('checkbox', { name: 'CREATE' }).uncheck();
  await expect(dialog.getByText('Please select at least one event type.')).toBeVisible();
  await row.getByRole('checkbox', { name: 'CREATE' }).check();

  await dialog.getByRole('textbox', { name: 'Email Subject Heading' }).fill(SUBJECT);
  await dialog.getByRole('textbox', { name: 'Recipients' }).fill(` ${RECIPIENT} `);
  await row.getByRole('textbox', { name: 'Incident class 1' }).click();
  await pickFromTree(page.getByRole('dialog', { name: 'Incident class 1' }), 'Safety', 'Fire');
  await expect(row.getByRole('textbox', { name: 'Incident class 1' })).toHaveValue('Safety / Fire');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('listitem', { name: SUBJECT });
  await expect(card).toContainText(`Recipients: ${RECIPIENT}`);
  await expect(card).toContainText('Safety / Fire: CREATE');
  await page.screenshot({ path: 'test-results/admin-notifications-card.png', fullPage: true });
  await expectAccessible(page, 'Email Notifications card');

  // An incident of a class below Fire: the rule's recipient gets one email.
  await openNewIncident(page);
  await typeDate(page, 'Date occurred', '01/07/2025 09:00 AM');
  await chooseWhat(page, 'Safety', 'Fire', 'Fire alarm');
  await page.getByRole('button', { name: 'Save' }).click();
  const number = await savedIncidentNumber(page);

  const mail = await waitForMail(RECIPIENT);
  expect(await mailsTo(RECIPIENT)).toHaveLength(1);
  expect(mail.subject).toBe(SUBJECT);
  expect(mail.text).toContain(`Incident number: ${number}`);
  expect(mail.text).toContain('Event: Created');
  expect(mail.text).toContain('Class: Safety / Fire / Fire alarm');
  const link = /View the incident: (\S+)/.exec(mail.text)?.[1] ?? '';
  expect(link).toMatch(/\/incident\/[0-9a-f-]{36}$/);

  // The link opens the incident in the viewer.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('dialog', { name: `Incident #${number}` })).toBeVisible();

  // Edited: its values come back in the dialog; a second class row is added.
  await openNotificationsCard(page);
  await page.getByRole('button', { name: `Edit ${SUBJECT}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Email Notification' });
  await expect(edit.getByRole('textbox', { name: 'Recipients' })).toHaveValue(RECIPIENT);
  await expect(edit.getByRole('textbox', { name: 'Incident class 1' })).toHaveValue('Safety / Fire');
  await edit.getByRole('group', { name: 'Class row 1' }).getByRole('checkbox', { name: 'EDIT' }).check();
  await edit.getByRole('button', { name: 'Add class' }).click();
  const second = edit.getByRole('group', { name: 'Class row 2' });
  await second.getByRole('checkbox', { name: 'CREATE' }).uncheck();
  await second.getByRole('checkbox', { name: 'CLOSE' }).check();
  await second.getByRole('textbox', { name: 'Incident class 2' }).click();
  const tree2 = page.getByRole('dialog', { name: 'Incident class 2' });
  await tree2.getByRole('button', { name: 'Security', exact: true }).click();
  await page.screenshot({ path: 'test-results/admin-notifications-dialog.png' });
  await expectAccessible(page, 'Edit Email Notification dialog');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('Safety / Fire: CREATE, EDIT');
  await expect(card).toContainText('Security: CLOSE');

  // The rule is deleted after a confirmation.
  await page.getByRole('button', { name: `Delete ${SUBJECT}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Email Notification' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: SUBJECT })).toBeHidden();
});
