import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, signedInPage } from './support';

const SHOTS = process.env.SUBJECT_SHOTS_DIR;

test('an administrator finds a person of the demo incidents in Subjects, records a ban and sees it active', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, ADMIN);
  if (SHOTS) await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subjects' }).click();
  await expect(page.getByRole('heading', { name: 'Subjects', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Persons' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill('Patel');
  await expect(page).toHaveURL(/q=Patel/);
  const table = page.getByRole('table', { name: 'Subjects' });
  const link = table.getByRole('link', { name: 'Arjun Patel' });
  await expect(link).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/subjects-1366.png`, fullPage: true });
  await expectAccessible(page, 'subjects list');
  await link.click();

  await expect(page.getByRole('heading', { name: 'Arjun Patel', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Incidents of the subject' }).getByRole('link').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add ban' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add ban for Arjun Patel' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Took equipment from the server room');
  await dialog.getByRole('combobox', { name: 'Locations' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('checkbox', { name: 'Indefinite (no end date)' }).check();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/ban-dialog-1366.png` });
  await expectAccessible(page, 'Add ban dialog');
  await dialog.getByRole('button', { name: 'Save ban' }).click();
  await expect(dialog).toBeHidden();

  const bans = page.getByRole('list', { name: 'Bans' });
  const recorded = bans.getByRole('listitem').filter({ hasText: 'Took equipment from the server room' });
  await expect(recorded.getByText('Active', { exact: true })).toBeVisible();
  await expect(recorded.getByText(/– indefinite/)).toBeVisible();
  // The identity card shows the badge of the active ban.
  await expect(page.getByText('Ban', { exact: true }).first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/subject-1366.png`, fullPage: true });
  await expectAccessible(page, 'subject page');

  // Back on the list, the row carries the ban's badge.
  await page.getByRole('link', { name: 'Subjects' }).first().click();
  await page.getByRole('textbox', { name: 'Search' }).fill('Patel');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Arjun Patel' }) });
  await expect(row.getByText('Ban', { exact: true })).toBeVisible();

  if (SHOTS) {
    // The same pages at a phone's width: the list becomes cards, the menu a drawer.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/subjects-phone.png`, fullPage: true });
    await row
      .getByRole('link', { name: 'Arjun Patel' })
      .or(page.getByRole('link', { name: 'Arjun Patel' }))
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Arjun Patel', level: 1 })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/subject-phone.png`, fullPage: true });
  }
});
