import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { chooseWhat, openNewIncident, savedIncidentNumber, typeDate, typeRichText } from './form';
import { ADMIN, clickSignIn, signIn } from './support';

/** Opens a dashboard card's list dialog. */
async function openList(page: Page, card: string) {
  await page.getByRole('button', { name: card, exact: true }).click();
  const list = page.getByRole('dialog', { name: card });
  await expect(list).toBeVisible();
  return list;
}

test('the signed-out pages have no serious accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Incident management service for your business.')).toBeVisible();
  await expectAccessible(page, 'landing page');

  await page.goto('/signup');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, 'signup page');

  for (const type of ['pageNotExist', 'noPermission', 'inactive', 'pending', 'exceedMaxConcurrentUser']) {
    await page.goto(`/errors/${type}`);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, `error page ${type}`);
  }
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, 'unknown path');

  // The embedded identity provider's sign-in page.
  await clickSignIn(page);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectAccessible(page, 'sign-in page');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page
      .getByRole('alert')
      .or(page.getByText(/invalid|incorrect|wrong/i))
      .first(),
  ).toBeVisible();
  await expectAccessible(page, 'sign-in page with its error');
});

test('every signed-in page and dialog has no serious accessibility violation', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  await expectAccessible(page, 'dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expectAccessible(page, 'account menu');
  await page.keyboard.press('Escape');

  for (const path of ['reports', 'search', 'analyze', 'administration', 'profile']) {
    await page.goto(`/${path}`);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, `page /${path}`);
  }

  // The new-incident form with a person card and the draft selector.
  await page.goto('/dashboard');
  await openNewIncident(page);
  await typeDate(page, 'Date occurred', '03/02/2025 09:15 AM');
  await chooseWhat(page, 'Security', 'Theft');
  await typeRichText(page, 'Summary', 'Accessibility walk of the incident form.');
  await page.getByRole('button', { name: 'New person' }).click();
  await page.getByRole('dialog', { name: 'Is the person an employee?' }).getByRole('button', { name: 'No' }).click();
  await page.getByRole('region', { name: 'Person 1' }).getByRole('textbox', { name: 'First name' }).fill('Avery');
  await expectAccessible(page, 'new incident form with a person card');
  await page.getByRole('button', { name: 'Add attachment' }).first().click();
  await expectAccessible(page, 'add attachment dialog');
  await page.getByRole('dialog', { name: 'Add Attachment' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Close incident' }).click();
  await expect(page.getByRole('dialog', { name: 'Close Incident' })).toBeVisible();
  await expectAccessible(page, 'close dialog');
  await page.getByRole('dialog', { name: 'Close Incident' }).getByRole('button', { name: 'Cancel' }).click();

  // Leaving the draft: the next New Incident offers the saved drafts.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Incident' }).click();
  const drafts = page.getByRole('dialog', { name: 'Saved drafts' });
  await expect(drafts).toBeVisible();
  await expectAccessible(page, 'saved drafts dialog');
  await drafts.getByRole('button', { name: 'Create new incident' }).click();
  await expect(page.getByRole('heading', { name: /^When/ })).toBeVisible();

  // Save one incident to walk the lists and the viewer.
  await typeDate(page, 'Date occurred', '03/02/2025 09:15 AM');
  await chooseWhat(page, 'Security', 'Theft');
  await typeRichText(page, 'Summary', 'Accessibility walk of the viewer.');
  await page.getByRole('button', { name: 'Save' }).click();
  const number = await savedIncidentNumber(page);

  for (const card of ['Draft Incidents', 'Closed Incidents']) {
    const list = await openList(page, card);
    await expectAccessible(page, `${card} list`);
    await list.getByRole('button', { name: 'Close' }).first().click();
    await expect(list).toBeHidden();
  }
  const list = await openList(page, 'Open Incidents');
  await expectAccessible(page, 'Open Incidents list');
  await list.getByRole('button', { name: `Edit incident #${number}` }).click();
  const viewer = page.getByRole('dialog', { name: `Incident #${number}` });
  await expect(viewer.getByRole('heading', { name: /^When/ })).toBeVisible();
  await expectAccessible(page, 'viewer in edit mode');
  await viewer.getByRole('button', { name: 'View', exact: true }).click();
  await expect(viewer.getByRole('region', { name: 'When What Where Why' })).toBeVisible();
  await expectAccessible(page, 'viewer');
  await viewer.getByRole('button', { name: 'History' }).click();
  await expect(viewer.getByRole('button', { name: 'Compare' }).first()).toBeVisible();
  await expectAccessible(page, 'viewer history');
  await viewer.getByRole('button', { name: 'Compare' }).first().click();
  await expect(page.getByRole('dialog', { name: `Incident #${number}` }).last()).toBeVisible();
  await expectAccessible(page, 'history compare');
});
