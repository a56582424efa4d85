import { expect, test } from '@playwright/test';
import { GRANT_REFUSALS } from '../packages/shared/src/privilege-grants';
import { type Privilege, STAFF_PRIVILEGES } from '../packages/shared/src/privileges';
import { mailLink, waitForMail } from './mailbox';
import { ADMIN, apiAs, openAdminCard, signIn } from './support';

/**
 * Issue 26 (delegated administration): a user who may edit users and workgroups but is no
 * administrator is offered only the workgroups within their own privileges (never Administrators),
 * and the privileges dialog lets them change only what they hold, saying why on hover.
 */

const DELEGATE_PRIVILEGES: Privilege[] = [...STAFF_PRIVILEGES, 'USER_EDIT', 'USERGROUP_EDIT'];

test('a delegate with USER_EDIT and USERGROUP_EDIT cannot hand out Administrators or privileges they lack', async ({
  page,
  browser,
}) => {
  // An email, a verification and two sign-ins: longer than one journey's default minute.
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const groupName = `E2E Delegates ${suffix}`;
  const email = `e2e-delegate-${suffix}@demo.example`;
  const password = 'Delegate!2345';

  // The administrator sets the delegate up through the API: the journey is the delegate's.
  await signIn(page, ADMIN);
  const api = await apiAs(page);
  const group = await api.post<{ id: string }>('/userGroups', { name: groupName, userPrivileges: DELEGATE_PRIVILEGES });
  const self = await api.post<{ id: string }>('/users', {
    email,
    password,
    firstName: 'Dana',
    lastName: 'Delegate',
    userGroupId: group.id,
  });
  const administrators = (await api.get<{ id: string; name: string }[]>('/userGroups')).find(
    (g) => g.name === 'Administrators',
  );
  await page.goto(mailLink(await waitForMail(email), '/api/users/verifyEmail?token='));
  // Opening the link verifies nothing (mail scanners open links): the person confirms.
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByText('Your email address is verified')).toBeVisible();

  const delegate = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(delegate, email, password);
  await openAdminCard(delegate, 'Workgroups');
  const card = delegate.locator('#admin-users');

  // Their own row: the workgroup choices are their own group and Staff (within them), not Administrators.
  await card.getByRole('button', { name: new RegExp(groupName) }).click();
  const panel = delegate.locator(`[id^="workgroup-"]`).filter({ has: delegate.getByRole('cell', { name: email }) });
  await panel.getByRole('button', { name: 'Edit Dana Delegate' }).click();
  const userDialog = delegate.getByRole('dialog', { name: 'Edit User' });
  const choices = userDialog.getByLabel('Workgroup').locator('option');
  await expect(choices).toContainText([groupName]);
  const offered = await choices.allTextContents();
  expect(offered).toContain('Staff');
  expect(offered).not.toContain('Administrators');
  await expect(userDialog.getByText('Only workgroups whose privileges you hold yourself are offered.')).toBeVisible();
  await userDialog.getByLabel('Workgroup').scrollIntoViewIfNeeded();
  await delegate.screenshot({ path: 'test-results/admin-delegation-user-dialog.png' });
  await userDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(userDialog).toBeHidden();

  // The Administrators group is shown, but its buttons and its users' actions are not theirs.
  await card.getByRole('button', { name: /^Administrators/ }).click();
  const admins = delegate.locator(`[id^="workgroup-"]`).filter({ has: delegate.getByRole('cell', { name: ADMIN }) });
  await expect(admins.getByRole('button', { name: 'Edit Group' })).toBeDisabled();
  await expect(
    admins
      .getByRole('row')
      .filter({ hasText: ADMIN })
      .getByRole('button', { name: /^Edit / }),
  ).toBeDisabled();

  // Staff's privileges: the ones the delegate holds can change, the others are disabled with the reason.
  await card.getByRole('button', { name: /^Staff/ }).click();
  const staff = delegate
    .locator(`[id^="workgroup-"]`)
    .filter({ has: delegate.getByRole('button', { name: 'Edit Group' }) })
    .filter({ hasNot: delegate.getByRole('cell', { name: ADMIN }) })
    .filter({ hasNot: delegate.getByRole('cell', { name: email }) });
  await staff.getByRole('button', { name: 'Edit Group' }).click();
  const groupDialog = delegate.getByRole('dialog', { name: 'Edit Workgroup Privileges' });
  await expect(groupDialog.getByLabel('Create incidents', { exact: true })).toBeEnabled();
  await expect(groupDialog.getByLabel('Edit, activate and deactivate users', { exact: true })).toBeEnabled();
  const companySettings = groupDialog.getByLabel('Company settings', { exact: true });
  await expect(companySettings).toBeDisabled();
  await expect(groupDialog.getByLabel('System administration', { exact: true })).toBeDisabled();
  await expect(groupDialog.getByLabel('Is admin')).toBeDisabled();
  await groupDialog.getByText('Company settings', { exact: true }).hover();
  await expect(delegate.getByRole('tooltip').filter({ hasText: GRANT_REFUSALS.give })).toBeVisible();
  await groupDialog.getByText('Is admin', { exact: true }).hover();
  await expect(delegate.getByRole('tooltip').filter({ hasText: GRANT_REFUSALS.isAdmin })).toBeVisible();
  await delegate.screenshot({ path: 'test-results/admin-delegation-privileges-dialog.png' });
  await groupDialog.getByRole('button', { name: 'Cancel' }).click();

  // The server says the same to a call that skips the page.
  const token = await delegate.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
    }
    return '';
  });
  const refused = await delegate.request.put(`/api/users/${self.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Dana', lastName: 'Delegate', userGroupId: administrators?.id },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(GRANT_REFUSALS.assignAdminGroup);
});
