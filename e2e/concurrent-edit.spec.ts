import { expect, type Page, test } from '@playwright/test';
import { chooseWhat, openNewIncident, savedIncidentNumber, selectOption, typeDate, typeRichText } from './form';
import { ADMIN, cardCount, clickSignIn, openFromDashboard, STAFF, signedInPage, signIn } from './support';

/** Two users on one incident (issue 9 §4, spec 1 §4 draft flow and view flow). */

/** Records an incident with a summary, investigated by the administrator (so it is in their list); answers its number. */
async function recordIncident(page: Page, summary: string): Promise<number> {
  await openNewIncident(page);
  await typeDate(page, 'Date occurred', '01/06/2025 02:30 PM');
  await chooseWhat(page, 'Security', 'Theft');
  await selectOption(page.locator('main'), 'Incident Investigator', 'Dana Whitfield');
  await typeRichText(page, 'Summary', summary);
  await page.getByRole('button', { name: 'Save' }).click();
  return savedIncidentNumber(page);
}

const summaryBox = (page: Page) => page.getByRole('textbox', { name: 'Summary', exact: true });

test('a copy made before a colleague saved is refused with who and when, and Reload edits the current incident', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const staff = await signedInPage(browser, STAFF);
  const number = await recordIncident(staff, 'Bicycle taken from the rack.');

  // The administrator starts editing: the change is autosaved into their working copy.
  const admin = await signedInPage(browser, ADMIN);
  let adminViewer = await openFromDashboard(admin, 'Open Incidents', number);
  await adminViewer.getByRole('button', { name: 'Edit' }).click();
  await typeRichText(admin, 'Summary', ' Admin note.');
  await expect(adminViewer.getByText('Draft saved')).toBeVisible();
  await adminViewer.getByRole('button', { name: 'View', exact: true }).click();

  // Meanwhile staff edits and saves the incident.
  const staffViewer = await openFromDashboard(staff, 'Open Incidents', number);
  await staffViewer.getByRole('button', { name: 'Edit' }).click();
  await typeRichText(staff, 'Summary', ' Staff found the lock.');
  await staffViewer.getByRole('button', { name: 'Save' }).click();
  await expect(staffViewer.getByRole('region', { name: 'When What Where Why' })).toContainText('Staff found the lock.');

  // Edit again (the list opens the viewer in edit mode): the copy is offered for confirmation,
  // saying the incident changed since.
  await admin.goto('/dashboard');
  await admin.getByRole('button', { name: 'Open Incidents', exact: true }).click();
  await admin
    .getByRole('dialog', { name: 'Open Incidents' })
    .getByRole('button', { name: `Edit incident #${number}` })
    .click();
  adminViewer = admin.getByRole('dialog', { name: `Incident #${number}` });
  const offer = admin.getByRole('dialog', { name: 'Continue with your changes?' });
  await expect(offer).toContainText(`You have changes to Incident #${number} from`);
  await expect(offer).toContainText(
    /The incident has changed since your copy was made: Sam Ortiz changed it on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M\./,
  );
  await admin.screenshot({ path: testInfo.outputPath('found-copy-offer.png') });
  await offer.getByRole('button', { name: 'Continue with my changes' }).click();
  await expect(summaryBox(admin)).toContainText('Admin note.');
  await expect(summaryBox(admin)).not.toContainText('Staff found the lock.');

  // Save is refused with who changed it and when; the staff user's change stays.
  await adminViewer.getByRole('button', { name: 'Save' }).click();
  const refusal = admin.getByRole('dialog', { name: 'This incident has changed' });
  await expect(refusal).toContainText(
    new RegExp(
      `Incident #${number} was changed by Sam Ortiz on \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} [AP]M after you started editing it\\.`,
    ),
  );
  await admin.screenshot({ path: testInfo.outputPath('stale-save-refused.png') });

  // Reload takes the current incident; the next save goes through on top of the staff change.
  await refusal.getByRole('button', { name: 'Reload' }).click();
  await expect(refusal).toBeHidden();
  await expect(summaryBox(admin)).toContainText('Staff found the lock.');
  await expect(summaryBox(admin)).not.toContainText('Admin note.');
  await typeRichText(admin, 'Summary', ' Admin checked.');
  await adminViewer.getByRole('button', { name: 'Save' }).click();
  const when = adminViewer.getByRole('region', { name: 'When What Where Why' });
  await expect(when).toContainText('Staff found the lock.');
  await expect(when).toContainText('Admin checked.');
});

test('viewing and opening Edit without changing anything leaves no Editing draft behind', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, ADMIN);
  const number = await recordIncident(admin, 'Window cracked in the lobby.');
  await admin.goto('/dashboard');
  const draftsBefore = await cardCount(admin, 'Draft Incidents');

  for (let i = 0; i < 2; i++) {
    const viewer = await openFromDashboard(admin, 'Open Incidents', number);
    await viewer.getByRole('button', { name: 'Edit' }).click();
    await expect(summaryBox(admin)).toContainText('Window cracked in the lobby.');
    await viewer.getByRole('button', { name: 'View', exact: true }).click();
    await viewer.getByRole('button', { name: 'Close', exact: true }).first().click();
  }
  // Opened from the list straight in edit mode too, then closed.
  await admin.goto('/dashboard');
  await admin.getByRole('button', { name: 'Open Incidents', exact: true }).click();
  await admin
    .getByRole('dialog', { name: 'Open Incidents' })
    .getByRole('button', { name: `Edit incident #${number}` })
    .click();
  await expect(summaryBox(admin)).toContainText('Window cracked in the lobby.');

  await admin.goto('/dashboard');
  await expect.poll(() => cardCount(admin, 'Draft Incidents')).toBe(draftsBefore);
  // New Incident offers no saved draft of the incident viewed.
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Incident' }).click();
  const drafts = admin.getByRole('dialog', { name: 'Saved drafts' });
  const form = admin.getByRole('heading', { name: /^When/ });
  await expect(drafts.or(form).first()).toBeVisible();
  if (await drafts.isVisible()) {
    await expect(drafts.getByRole('cell', { name: new RegExp(`^${number}( \\(editing\\))?$`) })).toHaveCount(0);
  }
});

test('a save refused because another tab closed the incident keeps the typed text, and Reopen and apply saves it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const context = await browser.newContext();
  const editing = await context.newPage();
  await signIn(editing, ADMIN);
  const number = await recordIncident(editing, 'Door left open overnight.');
  const viewer = await openFromDashboard(editing, 'Open Incidents', number);
  await viewer.getByRole('button', { name: 'Edit' }).click();
  await typeRichText(editing, 'Summary', ' Guard informed.');
  await expect(viewer.getByText('Draft saved')).toBeVisible();

  // Another tab of the same user (its own session: the identity provider remembers the sign-in)
  // opens the incident for editing: the offer says the copy is open in another tab right now.
  const other = await context.newPage();
  await clickSignIn(other);
  await other.waitForURL('**/dashboard');
  await other.getByRole('button', { name: 'Open Incidents', exact: true }).click();
  await other
    .getByRole('dialog', { name: 'Open Incidents' })
    .getByRole('button', { name: `Edit incident #${number}` })
    .click();
  const offer = other.getByRole('dialog', { name: 'Continue with your changes?' });
  await expect(offer).toContainText('This copy is open in another tab of yours right now.');
  await other.screenshot({ path: testInfo.outputPath('offer-open-elsewhere.png') });
  await offer.getByRole('button', { name: 'Continue with my changes' }).click();
  const otherViewer = other.getByRole('dialog', { name: `Incident #${number}` });
  await otherViewer.getByRole('button', { name: 'View', exact: true }).click();
  await otherViewer.getByRole('button', { name: 'Close incident' }).click();
  await other.getByRole('dialog', { name: 'Close Incident' }).getByRole('button', { name: 'Close incident' }).click();
  await other
    .getByRole('dialog', { name: 'Close confirmation' })
    .getByRole('button', { name: 'Close incident' })
    .click();
  await expect(other.getByText(`Incident #${number} is closed.`)).toBeVisible();

  // The first tab's Save is refused; what was typed stays, and the copy is kept.
  await viewer.getByRole('button', { name: 'Save' }).click();
  await expect(editing.getByText('Cannot edit closed incident').first()).toBeVisible();
  const notice = viewer.getByRole('alert').filter({ hasText: 'Your changes were not saved' });
  await expect(notice).toContainText(`Incident #${number} was closed while you were editing it`);
  await expect(summaryBox(editing)).toContainText('Guard informed.');
  await expect(viewer.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await editing.screenshot({ path: testInfo.outputPath('refused-save-kept.png') });

  // Reopen and apply: the incident is open again with the typed text.
  await notice.getByRole('button', { name: 'Reopen and apply' }).click();
  const when = viewer.getByRole('region', { name: 'When What Where Why' });
  await expect(when).toContainText('Guard informed.');
  await expect(viewer.getByText('Open', { exact: true })).toBeVisible();
});
