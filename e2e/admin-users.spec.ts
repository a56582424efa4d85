import { expect, type Page, test } from '@playwright/test';
import { type Privilege, visibleMenu } from '../packages/shared/src/privileges';
import { expectAccessible } from './axe';
import { typeDate } from './form';
import { mailLink, waitForMail } from './mailbox';
import { ADMIN, openAdminCard, signIn } from './support';

/**
 * Issue 13 (workgroups and users): an administrator adds a workgroup with a few privileges and a
 * user in it; the user verifies their email (choosing a password), signs in and sees exactly the
 * menu those privileges give; deactivated, their next call is refused.
 */

const GRANTED: { code: Privilege; label: string }[] = [
  { code: 'MYINCIDENT_ADD', label: 'Create incidents' },
  { code: 'MYINCIDENT_SEARCH', label: 'Search my incidents' },
  { code: 'REPORT_PRINT', label: 'Print reports' },
];

/** The access token the app keeps in the tab. */
const tokenOf = (page: Page) =>
  page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
    }
    return '';
  });

test('an administrator adds a workgroup and a user, who signs in with exactly its menu until deactivated', async ({
  page,
  browser,
}, testInfo) => {
  // Two people, an email and two sign-ins: longer than one journey's default minute.
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const groupName = `E2E Reporters ${suffix}`;
  const email = `e2e-user-${suffix}@demo.example`;
  const password = 'Welcome!2345';

  await signIn(page, ADMIN);
  await openAdminCard(page, 'Workgroups');
  const card = page.locator('#admin-users');
  await expect(
    card.getByRole('switch', { name: 'Inactive user hidden' }).or(card.getByLabel('Inactive user hidden')),
  ).toBeChecked();

  await card.getByRole('button', { name: 'Add Workgroup' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Add Workgroup' });
  await groupDialog.getByLabel('Workgroup name').fill(groupName);
  for (const { label } of GRANTED) await groupDialog.getByLabel(label, { exact: true }).check();
  await page.screenshot({ path: 'test-results/admin-users-privileges-dialog.png' });
  await expectAccessible(page, 'Add Workgroup dialog');
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  await expect(groupDialog).toBeHidden();

  await card.getByRole('button', { name: new RegExp(groupName) }).click();
  const group = page.locator('[id^="workgroup-"]').filter({ has: page.getByRole('button', { name: 'Add User' }) });
  await group.getByRole('button', { name: 'Add User' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Add User' });
  await userDialog.getByLabel('Email').fill(email);
  await userDialog.getByLabel('First name').fill('Erin');
  await userDialog.getByLabel('Last name').fill('Tester');
  await expect(userDialog.getByLabel('Phone')).toHaveAttribute('placeholder', 'ex) 123-456-7890');
  await expect(userDialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await userDialog.getByLabel('First name').fill('');
  await expect(userDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await userDialog.getByLabel('First name').fill('Erin');
  await expectAccessible(page, 'Add User dialog');
  await userDialog.getByRole('button', { name: 'Save' }).click();
  await expect(userDialog).toBeHidden();
  await expect(group.getByRole('cell', { name: email })).toBeVisible();
  await expect(group.getByRole('row', { name: /Erin Tester/ }).getByRole('cell', { name: 'Pending' })).toBeVisible();

  // The new user follows the emailed link and chooses a password.
  const userPage = await (await browser.newContext()).newPage();
  await userPage.goto(mailLink(await waitForMail(email), '/api/users/verifyEmail?token='));
  await expect(userPage.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await userPage.getByLabel('Password', { exact: true }).fill(password);
  await userPage.getByLabel('Confirm password').fill(password);
  await userPage.getByRole('button', { name: 'Set password' }).click();
  await expect(userPage.getByText('your password is set')).toBeVisible();

  await signIn(userPage, email, password);
  const expected = visibleMenu({ admin: false, privileges: GRANTED.map((g) => g.code) }, false).map((i) => i.label);
  expect(expected).not.toContain('Administration');
  const menu = userPage.getByRole('navigation', { name: 'Main' });
  // The menu of spec 1 §2 for those privileges, then the Help Center link every user has.
  await expect(menu.getByRole('link')).toHaveText([...expected, 'Help Center']);
  const token = await tokenOf(userPage);
  expect(
    (await userPage.request.get('/api/notifications', { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(200);

  // The administrator (on a fresh page: the user is active now) deactivates them.
  await openAdminCard(page, 'Workgroups');
  await card.getByRole('button', { name: new RegExp(groupName) }).click();
  await expect(group.getByRole('row', { name: /Erin Tester/ }).getByRole('cell', { name: 'Active' })).toBeVisible();
  await expectAccessible(page, 'Workgroups card');
  await page.screenshot({ path: 'test-results/admin-users-workgroups-card.png', fullPage: true });
  // Editing keeps the email read-only; the change shows in the table.
  await group.getByRole('button', { name: 'Edit Erin Tester' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(editDialog.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(editDialog.getByLabel('Password')).toHaveCount(0);
  await editDialog.getByLabel('Position').fill('Night guard');
  // The start date typed in the company's format (the demo company's is dd/MM/yyyy).
  await typeDate(editDialog, 'Start date', '01/03/2019');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  await expect(group.getByRole('cell', { name: 'Night guard' })).toBeVisible();
  await expect(group.getByRole('row', { name: /Erin Tester/ }).getByRole('cell', { name: '01/03/2019' })).toBeVisible();

  await group.getByRole('button', { name: 'Deactivate Erin Tester' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate user' });
  // What the dialog promises is what happens below (issue 27 finding 7).
  await expect(confirm).toContainText(
    'Deactivate Erin Tester? They are signed out within 15 seconds, wherever they are signed in.',
  );
  await page.screenshot({ path: testInfo.outputPath('deactivate-dialog.png') });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(group.getByRole('cell', { name: email })).toBeHidden();

  const refused = await userPage.request.get('/api/notifications', { headers: { authorization: `Bearer ${token}` } });
  expect([401, 403]).toContain(refused.status());
  // Their open tab, left alone (no reload, no click), reaches the inactive page by itself.
  await expect(userPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await userPage.waitForURL(/\/errors\/inactive/, { timeout: 30_000 });
  await expect(userPage.getByText('Authorization Error')).toBeVisible();
  await userPage.screenshot({ path: testInfo.outputPath('deactivated-user-tab.png') });
});
