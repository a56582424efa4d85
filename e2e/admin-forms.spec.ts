import { expect, type Locator, type Page, test } from '@playwright/test';
import { SETTINGS_MESSAGES } from '../packages/shared/src/schemas/account-settings';
import { expectAccessible } from './axe';
import { ADMIN, apiAs, openAdminCard, signIn } from './support';

/**
 * Issue 27, findings 3 and 10 and the administration polish: a click aimed before a field's error
 * shows still lands where it was aimed; toasts keep clear of an open dialog's buttons, and the
 * measurement warning shows only for a new measurement type; nobody is offered to deactivate or
 * delete themselves; every id in the page is unique.
 */

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * A person leaves `field` and clicks `target`, aimed while the field still had the focus: the
 * pointer goes to where the target was, the field's error (`shown`) appears, then the click.
 */
async function clickAimedBeforeBlur(page: Page, field: Locator, target: Locator, shown: Locator) {
  await target.scrollIntoViewIfNeeded();
  const aimed = await boxOf(target);
  await field.blur();
  await expect(shown).toBeVisible();
  await page.mouse.click(aimed.x + aimed.width / 2, aimed.y + aimed.height / 2);
}

/** Every toast on screen keeps clear of the open dialog's action bar (measured together, at one moment). */
async function expectToastsClearOf(page: Page, dialog: Locator) {
  await expect(page.locator('.notistack-SnackbarContainer [role="alert"]').first()).toBeVisible();
  await expect(dialog.locator('.MuiDialogActions-root')).toBeVisible();
  // The toasts have moved: no animation is still carrying them.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const { toasts, actions } = await dialog.evaluate((element) => {
    const measure = (elements: NodeListOf<Element>) =>
      Array.from(elements, (e) => {
        const { x, y, width, height } = e.getBoundingClientRect();
        return { name: e.textContent ?? '', box: { x, y, width, height } };
      });
    return {
      toasts: measure(document.querySelectorAll('.notistack-SnackbarContainer [role="alert"]')),
      actions: measure(element.querySelectorAll('.MuiDialogActions-root')),
    };
  });
  expect(toasts.length).toBeGreaterThan(0);
  for (const toast of toasts)
    for (const bar of actions)
      expect(overlap(toast.box, bar.box), `'${toast.name}' over the buttons '${bar.name}'`).toBe(false);
}

/** The ids used twice or more in the page. */
const duplicateIds = (page: Page) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of Array.from(document.querySelectorAll('[id]')))
      seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  });

test('administration forms keep clicks where they were aimed and toasts clear of dialog buttons', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const groupName = `E2E Aimed ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN);

  // Settings saved without a new measurement type: the success toast, no measurement warning.
  await openAdminCard(page, 'Settings');
  const settings = page.getByRole('form', { name: 'Company settings' });
  const warning = page.getByText(SETTINGS_MESSAGES.measurementWarning);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.updated)).toBeVisible();
  await expect(warning).toHaveCount(0);
  // A new measurement type: the warning (30 s) and the success toast, neither over the buttons of
  // an Add Workgroup dialog opened meanwhile.
  const measurement = settings.getByLabel('Measurement type');
  const stored = await measurement.inputValue();
  await measurement.selectOption(stored === '0' ? '1' : '0');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: 'Workgroups', exact: true }).click();
  const card = page.locator('#admin-users');
  await card.getByRole('button', { name: 'Add Workgroup' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Add Workgroup' });
  await expect(groupDialog).toBeVisible();
  await expectToastsClearOf(page, groupDialog);
  await page.screenshot({ path: testInfo.outputPath('warning-with-dialog.png') });

  // Finding 3: leaving the empty name shows its error; the tick aimed at 'Create incidents' before it still lands.
  const nameField = groupDialog.getByLabel('Workgroup name');
  const createIncidents = groupDialog.getByLabel('Create incidents', { exact: true });
  await nameField.focus();
  await clickAimedBeforeBlur(page, nameField, createIncidents, groupDialog.getByText('Workgroup name is required'));
  await expect(createIncidents).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('workgroup-name-error.png') });
  await nameField.fill(groupName);
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  await expect(groupDialog).toBeHidden();
  const api = await apiAs(page);
  const saved = (await api.get<{ name: string; userPrivileges: string[] }[]>('/userGroups')).find(
    (group) => group.name === groupName,
  );
  expect(saved?.userPrivileges).toEqual(['MYINCIDENT_ADD']);

  await card.getByRole('button', { name: new RegExp(groupName) }).click();
  const group = card.getByRole('region', { name: new RegExp(groupName) });
  await group.getByRole('button', { name: 'Delete Group' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete workgroup' });
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(confirmDelete).toBeHidden();

  // Back to the stored measurement type (the demo company is shared by the other journeys).
  await measurement.selectOption(stored);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.updated).first()).toBeVisible();

  // Nobody is offered to deactivate or delete themselves; other users keep both.
  await card.getByRole('button', { name: /^Administrators/ }).click();
  const admins = card.getByRole('region', { name: /^Administrators/ });
  const me = admins.getByRole('row', { name: /admin@demo\.example/ });
  await expect(me.getByRole('button', { name: /^Edit / })).toBeVisible();
  await expect(me.getByRole('button', { name: /^(Deactivate|Delete) / })).toHaveCount(0);
  await card.getByRole('button', { name: /^Staff/ }).click();
  const staff = card.getByRole('region', { name: /^Staff/ }).getByRole('row', { name: /staff@demo\.example/ });
  await expect(staff.getByRole('button', { name: /^Deactivate / })).toBeVisible();
  await expect(staff.getByRole('button', { name: /^Delete / })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('own-row.png'), fullPage: true });
  // Each card's id once, so each aria-controls names one region.
  expect(await duplicateIds(page)).toEqual([]);
  await expectAccessible(page, 'administration with workgroups open');

  // Billing information: the Save aimed before the phone's error shows still submits (the
  // refusal moves the focus to the phone); with a phone it saves.
  await page.getByRole('button', { name: 'Billing information', exact: true }).click();
  const billing = page.locator('#admin-billingInformation').getByRole('form', { name: 'Billing information' });
  const phone = billing.getByLabel('Phone');
  const storedPhone = await phone.inputValue();
  await phone.fill('');
  await clickAimedBeforeBlur(
    page,
    phone,
    billing.getByRole('button', { name: 'Save' }),
    billing.getByText('Phone is required'),
  );
  await expect(phone).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('billing-phone-error.png') });
  await phone.fill(storedPhone);
  await billing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Billing information is successfully update.')).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open Incidents', exact: true }).click();
  const list = page.getByRole('dialog', { name: 'Open Incidents' });
  await list.getByRole('button', { name: 'Adjust columns' }).click();
  const columns = page.getByRole('dialog', { name: 'Select columns' });
  await columns.getByRole('checkbox', { name: 'Location' }).check();
  await columns.getByRole('button', { name: 'OK' }).click();
  await expect(list.getByRole('columnheader', { name: 'Location' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('open-incidents-1440.png') });
  // Every column, Location the last, within the dialog: nothing to scroll sideways.
  const table = list.locator('.MuiTableContainer-root');
  const widths = await table.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(widths.scroll, 'the table is wider than the dialog').toBeLessThanOrEqual(widths.client);
});
