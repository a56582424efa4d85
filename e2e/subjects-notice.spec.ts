import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { pdfWords } from '../apps/server/test/pdf-text';
import { expectAccessible } from './axe';
import { typeDate } from './form';
import { ADMIN, apiAs, openAdminCard, signedInPage } from './support';

/*
 * Issue 31: a loss-prevention officer records a trespass notice on a person who keeps coming back,
 * attaches the notice the person signed, prints the notice to hand out, then moves its end date;
 * and the administrator sets the company's time zone, whose midnight starts and ends bans.
 */

const SHOTS = process.env.SUBJECT_SHOTS_DIR;
const PERSON = 'Marc-André Bélanger';
/** A signed notice as a scanner saves it: a small PDF. */
const SIGNED = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * What a journey changed in the demo company, undone after it whether it passed or not: the later
 * journeys run on the same server (the search's finds no active trespass notice on the person the
 * history names most, and the days of the others are the company's).
 */
const undo: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});

async function openPerson(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subjects' }).click();
  await expect(page.getByRole('heading', { name: 'Subjects', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Persons' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(name.split(' ').at(-1) ?? name);
  await page.getByRole('table', { name: 'Subjects' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('an officer records a trespass notice with its signed copy, prints the notice and moves its end date', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await signedInPage(browser, ADMIN);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPerson(page, PERSON);

  // The trespass notice: a location of the tree, until the end of 2030 (the demo company writes dd/MM/yyyy).
  await page.getByRole('button', { name: 'Add ban' }).click();
  const add = page.getByRole('dialog', { name: `Add ban for ${PERSON}` });
  await add.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Trespass notice' }).click();
  await add
    .getByRole('textbox', { name: 'Reason' })
    .fill('Caught taking razor blades twice; warned by the store manager');
  await add.getByRole('combobox', { name: 'Locations' }).click();
  const option = page.getByRole('option').first();
  const location = (await option.textContent()) ?? '';
  expect(location).not.toBe('');
  await option.click();
  await typeDate(add, 'End date', '31/12/2030');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/subjects\/person\/[^/]+\/bans$/.test(response.url()),
  );
  await add.getByRole('button', { name: 'Save ban' }).click();
  const savedBan = await saved;
  if (savedBan.ok()) {
    const { id } = (await savedBan.json()) as { id: string };
    // Revoked at the end: it stays in the person's history, no longer in force.
    undo.push(async () => (await apiAs(page)).delete(`/subjects/bans/${id}`));
  }
  await expect(add).toBeHidden();

  const bans = page.getByRole('list', { name: 'Bans' });
  const notice = bans.getByRole('listitem').filter({ hasText: 'Caught taking razor blades twice' });
  await expect(notice.getByText('Trespass notice', { exact: true })).toBeVisible();
  await expect(notice.getByText('Active', { exact: true })).toBeVisible();
  await expect(notice.getByText(/– 31\/12\/2030/)).toBeVisible();
  await expect(notice.getByText(`Locations: ${location}`, { exact: false })).toBeVisible();

  // The copy the person signed, scanned as a PDF.
  const chooser = page.waitForEvent('filechooser');
  await notice.getByRole('button', { name: 'Upload signed notice' }).click();
  await (await chooser).setFiles({ name: 'signed-trespass-notice.pdf', mimeType: 'application/pdf', buffer: SIGNED });
  await expect(page.getByText('The signed notice has been attached.')).toBeVisible();
  await expect(notice.getByRole('link', { name: 'signed-trespass-notice.pdf' })).toBeVisible();

  // Print notice: the PDF to hand out names the person and the location, with the period.
  await notice.getByRole('button', { name: 'Print notice' }).click();
  const print = page.getByRole('dialog', { name: 'Print trespass notice' });
  await expect(print.getByTitle('Print trespass notice')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notice-print-1366.png` });
  const download = page.waitForEvent('download');
  await print.getByRole('link', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^trespass-notice-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfWords(bytes);
  expect(text).toContain('Trespass notice');
  expect(text).toContain(PERSON);
  expect(text).toContain(location);
  expect(text).toMatch(/From \d{2}\/\d{2}\/\d{4} until 31\/12\/2030/);
  expect(text).toContain('Caught taking razor blades twice');
  expect(text).toContain('Signature of the subject');
  await print.getByRole('button', { name: 'Close' }).click();
  await expect(print).toBeHidden();

  // The store extends the notice by six months: Edit, a new end date.
  await notice.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit trespass notice for ${PERSON}` });
  await expect(edit.getByRole('textbox', { name: 'Reason' })).toHaveValue(
    'Caught taking razor blades twice; warned by the store manager',
  );
  await expect(edit.getByRole('button', { name: location })).toBeVisible();
  await typeDate(edit, 'End date', '30/06/2031');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notice-edit-1366.png` });
  await expectAccessible(page, 'Edit ban dialog');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('The trespass notice has been updated.')).toBeVisible();
  await expect(notice.getByText(/– 30\/06\/2031/)).toBeVisible();
  await expect(notice.getByRole('link', { name: 'signed-trespass-notice.pdf' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notice-subject-1366.png`, fullPage: true });
  await expectAccessible(page, 'subject page with a notice');

  if (SHOTS) {
    // The same page on a phone: the buttons of a ban wrap under it.
    await page.setViewportSize({ width: 412, height: 915 });
    await page.screenshot({ path: `${SHOTS}/notice-subject-phone.png`, fullPage: true });
    await notice.getByRole('button', { name: 'Edit' }).click();
    const phoneEdit = page.getByRole('dialog', { name: `Edit trespass notice for ${PERSON}` });
    await expect(phoneEdit).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/notice-edit-phone.png`, animations: 'disabled' });
    await phoneEdit.getByRole('button', { name: 'Cancel' }).click();
    await expect(phoneEdit).toBeHidden();
    // The toasts are gone, so the bar's Download and Close show.
    await expect(page.getByText('The trespass notice has been updated.')).toBeHidden({ timeout: 20_000 });
    await notice.getByRole('button', { name: 'Print notice' }).click();
    await expect(print.getByTitle('Print trespass notice')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/notice-print-phone.png`, animations: 'disabled' });
    await print.getByRole('button', { name: 'Close' }).click();
  }
});

test("an administrator sets the company's time zone in Settings", async ({ browser }) => {
  const page = await signedInPage(browser, ADMIN);
  await page.setViewportSize({ width: 1366, height: 900 });
  // The company's settings as they were, put back at the end.
  const { logoImage: _logo, ...before } = await (await apiAs(page)).get<Record<string, unknown>>('/accounts/settings');
  undo.push(async () => (await apiAs(page)).put('/accounts/settings', before));
  await openAdminCard(page, 'Settings');
  const settings = page.getByRole('form', { name: 'Company settings' });
  const zone = settings.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('toronto');
  await page.getByRole('option', { name: 'America/Toronto' }).click();
  await expect(zone).toHaveValue('America/Toronto');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-time-zone-1366.png`, fullPage: true });
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company settings is successfully updated.')).toBeVisible();

  // Read again from the server.
  await page.reload();
  await openAdminCard(page, 'Settings');
  await expect(
    page.getByRole('form', { name: 'Company settings' }).getByRole('combobox', { name: 'Time zone' }),
  ).toHaveValue('America/Toronto');
  await expectAccessible(page, 'settings with the time zone');
  if (SHOTS) {
    await page.setViewportSize({ width: 412, height: 915 });
    await page.screenshot({ path: `${SHOTS}/settings-time-zone-phone.png`, fullPage: true });
  }
});
