import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { pdfWords } from '../apps/server/test/pdf-text';
import { expectAccessible } from './axe';
import { chooseWhat, openNewIncident, pickFromTree, savedIncidentNumber, typeDate } from './form';
import { mailsTo, waitForMail } from './mailbox';
import { ADMIN, apiAs, openAdminCard, STAFF, signedInPage } from './support';

const SHOTS = process.env.ALERT_SHOTS_DIR;
const RECIPIENT = 'loss-prevention@example.com';
const RULE = 'Banned subjects (e2e)';
const STORE_PATH = ['Quebec', 'Montréal Retail Store', 'Main building', 'Ground floor', 'Sales floor'];

/**
 * What the journey changed in the demo company, undone after it whether it passed or not: every e2e
 * spec runs on the same server, and e2e/subjects-search.spec.ts may ban the same Kevin Doyle (an
 * active ban left here would be a second alert there) while a rule left here would email every
 * later alert.
 */
const undo: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});

/** A signed notice as a scanner saves it: a small PDF. */
const SIGNED = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The loss-prevention officer (the administrator) bans Kevin Doyle (a recurring suspect of the demo)
 * from the whole Montréal store on his subject page, attaches the notice he signed, and prints the
 * notice to hand him.
 */
async function banAtTheStore(admin: Page) {
  const api = await apiAs(admin);
  const subjects = await api.get<{ items: { id: string; displayName: string }[] }>(
    '/subjects?kind=person&q=Kevin%20Doyle&psz=100',
  );
  const [doyle, ...others] = subjects.items.filter((subject) => subject.displayName === 'Kevin Doyle');
  expect(doyle).toBeDefined();
  await admin.setViewportSize({ width: 1366, height: 900 });
  await admin.goto(`/subjects/person/${doyle?.id}`);
  await expect(admin.getByRole('heading', { name: 'Kevin Doyle', level: 1 })).toBeVisible();

  await admin.getByRole('button', { name: 'Add ban' }).click();
  const add = admin.getByRole('dialog', { name: 'Add ban for Kevin Doyle' });
  await add.getByRole('textbox', { name: 'Reason' }).fill('Repeated thefts at the store');
  await add.getByRole('combobox', { name: 'Locations' }).fill('Montréal Retail Store');
  await admin.getByRole('option', { name: 'Quebec / Montréal Retail Store', exact: true }).click();
  await typeDate(add, 'Start date', '01/01/2020');
  await typeDate(add, 'End date', '12/03/2027');
  const saved = admin.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/subjects\/person\/[^/]+\/bans$/.test(response.url()),
  );
  await add.getByRole('button', { name: 'Save ban' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  const { id, locationIds } = (await response.json()) as { id: string; locationIds: string[] };
  undo.push(() => api.delete(`/subjects/bans/${id}`));
  await expect(add).toBeHidden();
  const ban = admin.getByRole('list', { name: 'Bans' }).getByRole('listitem').filter({ hasText: 'Repeated thefts' });
  await expect(ban.getByText('Active', { exact: true })).toBeVisible();

  // The copy he signed, scanned as a PDF, then the notice printed to hand him.
  const chooser = admin.waitForEvent('filechooser');
  await ban.getByRole('button', { name: 'Upload signed notice' }).click();
  await (await chooser).setFiles({ name: 'kevin-doyle-signed.pdf', mimeType: 'application/pdf', buffer: SIGNED });
  await expect(ban.getByRole('link', { name: 'kevin-doyle-signed.pdf' })).toBeVisible();
  await ban.getByRole('button', { name: 'Print notice' }).click();
  const print = admin.getByRole('dialog', { name: 'Print ban notice' });
  const download = admin.waitForEvent('download');
  await print.getByRole('link', { name: 'Download' }).click();
  const text = await pdfWords(await readFile(await (await download).path()));
  expect(text).toContain('Ban notice');
  expect(text).toContain('Kevin Doyle');
  expect(text).toContain('Montréal Retail Store');
  expect(text).toContain('until 12/03/2027');
  await print.getByRole('button', { name: 'Close' }).click();
  await expect(print).toBeHidden();

  // Should the register hold him twice, the colleague may pick either: both are banned.
  for (const other of others) {
    const more = await api.post<{ id: string }>(`/subjects/person/${other.id}/bans`, {
      banType: 'ban',
      reason: 'Repeated thefts at the store',
      locationIds,
      startDate: '2020-01-01',
      endDate: '2027-03-12',
    });
    undo.push(() => api.delete(`/subjects/bans/${more.id}`));
  }
}

/** The administrator asks for banned-subject alerts in a notification rule, as a person does in Administration. */
async function addAlertRule(admin: Page) {
  await openAdminCard(admin, 'Email Notifications');
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add Email Notification' });
  await dialog.getByRole('textbox', { name: 'Email Subject Heading' }).fill(RULE);
  await dialog.getByRole('textbox', { name: 'Recipients' }).fill(RECIPIENT);
  // Without a class row nor the option, the rule has no event; with the option it needs no class.
  await dialog.getByRole('button', { name: 'Remove class row 1' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please add at least one event to be notified.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Banned subject alerts' }).check();
  await expect(dialog.getByText('Please add at least one event to be notified.')).toBeHidden();
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/alert-rule-dialog-1366.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('listitem', { name: RULE })).toContainText('Banned subject alerts: every incident');
}

/** Deletes the rule `addAlertRule` adds (by its name), through the API. */
async function removeAlertRule(admin: Page) {
  const api = await apiAs(admin);
  const rules = await api.get<{ id: string; name: string }[]>('/incidentNotifications');
  for (const rule of rules.filter((each) => each.name === RULE)) await api.delete(`/incidentNotifications/${rule.id}`);
}

test('an officer bans a person with a signed notice and prints it; a colleague adding him to an incident at a covered store sees the alert, the incident is flagged and the email arrives', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInPage(browser, ADMIN);
  await banAtTheStore(admin);
  undo.push(() => removeAlertRule(admin));
  await addAlertRule(admin);

  // Staff records an incident on the sales floor, below the store the ban covers.
  const staff = await signedInPage(browser, STAFF);
  if (SHOTS) await staff.setViewportSize({ width: 1366, height: 900 });
  await openNewIncident(staff);
  await typeDate(staff, 'Date occurred', '01/07/2025 09:00 AM');
  await chooseWhat(staff, 'Security', 'Theft');
  await staff.getByRole('textbox', { name: 'Location' }).click();
  await pickFromTree(staff.getByRole('dialog', { name: 'Choose the location' }), ...STORE_PATH);

  // The person is typed, and the duplicate check offers the register's Kevin Doyle, who is used.
  await staff.getByRole('button', { name: 'New person' }).click();
  await staff.getByRole('dialog', { name: 'Is the person an employee?' }).getByRole('button', { name: 'No' }).click();
  const person = staff.getByRole('region', { name: 'Person 1' });
  await person.getByRole('textbox', { name: 'First name' }).fill('Kevin');
  await person.getByRole('textbox', { name: 'Last name' }).fill('Doyle');
  const duplicates = person.getByRole('region', { name: 'Possible duplicates' });
  const check = person.getByRole('button', { name: 'Check duplicates' });
  await expect(duplicates.or(check).first()).toBeVisible();
  if (await check.isVisible()) await check.click();
  // The candidate's ban shows before anything is chosen: 'Not a duplicate' would make a record no ban names.
  await expect(duplicates).toContainText('Banned from Montréal Retail Store until 12/03/2027');
  if (SHOTS) {
    await duplicates.scrollIntoViewIfNeeded();
    await staff.screenshot({ path: `${SHOTS}/alert-duplicates-1366.png` });
  }
  await duplicates.getByRole('button', { name: 'Use this person' }).first().click();

  // The alert shows at once, above the parties; the reason is not for staff (no SUBJECT_VIEW).
  const alerts = staff.getByRole('region', { name: 'Subject alerts' });
  const alert = alerts.getByRole('alert').filter({ hasText: 'Kevin Doyle' });
  await expect(alert).toContainText('Banned from Montréal Retail Store until 12/03/2027');
  await expect(alert).not.toContainText('Repeated thefts');
  if (SHOTS) {
    await alerts.scrollIntoViewIfNeeded();
    await staff.screenshot({ path: `${SHOTS}/alert-form-1366.png` });
    await staff.setViewportSize({ width: 412, height: 915 });
    await alerts.scrollIntoViewIfNeeded();
    await staff.screenshot({ path: `${SHOTS}/alert-form-phone.png` });
    await staff.setViewportSize({ width: 1366, height: 900 });
  }
  await expectAccessible(staff, 'incident form with a subject alert');

  await staff.getByRole('button', { name: 'Save' }).click();
  const number = await savedIncidentNumber(staff);

  // The Open Incidents list flags the incident.
  await staff.getByRole('button', { name: 'Open Incidents', exact: true }).click();
  const list = staff.getByRole('dialog', { name: 'Open Incidents' });
  const row = list
    .getByRole('row')
    .filter({ has: staff.getByRole('button', { name: new RegExp(`^(View|Edit) incident #${number}$`) }) });
  await expect(row.getByText('Banned subject', { exact: true })).toBeVisible();
  if (SHOTS) {
    await staff.screenshot({ path: `${SHOTS}/alert-list-1366.png` });
    await staff.setViewportSize({ width: 412, height: 915 });
    await staff.screenshot({ path: `${SHOTS}/alert-list-phone.png` });
  }

  // The chosen recipient gets one email naming the person and the place, with the link, and nothing private.
  const mail = await waitForMail(RECIPIENT, /^Banned subject at /);
  expect(mail.subject).toBe('Banned subject at Sales floor: Kevin Doyle');
  expect(mail.text).toContain('Banned from Montréal Retail Store until 12/03/2027');
  expect(mail.text).toContain(`Incident number: ${number}`);
  expect(mail.text).toMatch(/View the incident: \S+\/incident\/[0-9a-f-]{36}/);
  expect(mail.text).not.toContain('1987');
  expect(mail.text).not.toContain('Repeated thefts');
  expect((await mailsTo(RECIPIENT)).filter((m) => m.subject.startsWith('Banned subject'))).toHaveLength(1);

  // The email's link opens the incident in the administrator's viewer, which shows the alert with its reason (SUBJECT_VIEW).
  const link = /View the incident: (\S+)/.exec(mail.text)?.[1] ?? '';
  await admin.goto(new URL(link).pathname);
  const viewer = admin.getByRole('dialog', { name: `Incident #${number}` });
  const view = viewer.getByRole('button', { name: 'View', exact: true });
  const shown = viewer.getByRole('region', { name: 'Banned subject alerts' });
  await expect(async () => {
    if (await view.isVisible()) await view.click();
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(shown).toContainText('Banned from Montréal Retail Store until 12/03/2027');
  await expect(shown).toContainText('Repeated thefts at the store');
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/alert-viewer-1366.png` });
});
