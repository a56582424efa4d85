import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { chooseWhat, savedIncidentNumber, typeRichText } from './form';
import { ADMIN, clickSignIn, signIn } from './support';

test('on a phone the pages, the drawer, the form and the viewer have no serious accessibility violation', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByText('Incident management service for your business.')).toBeVisible();
  await expectAccessible(page, 'landing page');
  await page.goto('/errors/pageNotExist');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, 'error page');
  await clickSignIn(page);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectAccessible(page, 'sign-in page');

  await signIn(page, ADMIN);
  await expectAccessible(page, 'dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page, 'menu drawer');
  await page.keyboard.press('Escape');
  for (const path of ['reports', 'search']) {
    await page.goto(`/${path}`);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, `page /${path}`);
  }

  await page.goto('/newincident');
  const drafts = page.getByRole('dialog', { name: 'Saved drafts' });
  const form = page.getByRole('heading', { name: /^When/ });
  await expect(drafts.or(form).first()).toBeVisible();
  if (await drafts.isVisible()) {
    await expectAccessible(page, 'saved drafts dialog');
    await drafts.getByRole('button', { name: 'Create new incident' }).click();
  }
  await expect(form).toBeVisible();
  const occurred = page.getByRole('group', { name: 'Date occurred' });
  await occurred.getByRole('button', { name: 'Choose date' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('gridcell', { name: '1', exact: true }).first().click();
  await expectAccessible(page, 'date picker');
  await picker.getByRole('button', { name: 'Next', exact: true }).click();
  await picker.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(picker).toBeHidden();
  await chooseWhat(page, 'Security', 'Theft');
  await typeRichText(page, 'Summary', 'Accessibility walk on a phone.');
  await page.getByRole('button', { name: 'New person' }).click();
  await page.getByRole('dialog', { name: 'Is the person an employee?' }).getByRole('button', { name: 'No' }).click();
  await page.getByRole('region', { name: 'Person 1' }).getByRole('textbox', { name: 'First name' }).fill('Avery');
  await expectAccessible(page, 'new incident form with a person card');
  await page.getByRole('button', { name: 'Save' }).click();
  const number = await savedIncidentNumber(page);

  await page.getByRole('button', { name: 'Open Incidents', exact: true }).click();
  const list = page.getByRole('dialog', { name: 'Open Incidents' });
  await expect(list).toBeVisible();
  await expectAccessible(page, 'Open Incidents list');
  await list.getByRole('button', { name: new RegExp(`^(View|Edit) incident #${number}$`) }).click();
  const viewer = page.getByRole('dialog', { name: `Incident #${number}` });
  // The administrator may edit: the viewer opens in edit mode; View is under More actions on a phone.
  await expect(viewer.getByRole('heading', { name: /^When/ })).toBeVisible();
  await expectAccessible(page, 'viewer in edit mode');
  await viewer.getByRole('button', { name: 'More actions' }).click();
  await expectAccessible(page, 'viewer actions menu');
  await page.getByRole('menuitem', { name: 'View', exact: true }).click();
  await expect(viewer.getByRole('region', { name: 'When What Where Why' })).toBeVisible();
  await expectAccessible(page, 'viewer');
});
