import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './axe';
import { mailLink, waitForMail } from './mailbox';
import { ADMIN, apiAs, logout, signIn } from './support';

/** A real photo-like PNG, wider than tall, so the square crop matters. */
const photo = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();

/** A user of its own for this journey (the demo users keep their names and password): added by the admin, verified through the email link. */
async function newUser(page: Page, password: string) {
  const email = `e2e-profile-${Date.now().toString(36)}@demo.example`;
  await signIn(page, ADMIN);
  const api = await apiAs(page);
  const groups = await api.get<{ id: string; isAdmin: boolean }[]>('/userGroups');
  const staffGroup = groups.find((group) => !group.isAdmin);
  if (!staffGroup) throw new Error('no staff workgroup in the demo company');
  await api.post('/users', {
    email,
    password,
    firstName: 'Robin',
    lastName: 'Profile',
    position: 'Night guard',
    companyStartDate: '2019-03-01',
    userGroupId: staffGroup.id,
  });
  await logout(page);
  await page.goto(mailLink(await waitForMail(email, /Verify your email/), '/api/users/verifyEmail?token='));
  // Opening the link verifies nothing (mail scanners open links): the person confirms.
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  return email;
}

test('a user edits their profile, uploads a cropped picture and changes their password through the emailed link', async ({
  page,
  browser,
}, testInfo) => {
  // Two sign-ins, two emails and a second browser: longer than one journey's default minute.
  test.setTimeout(180_000);
  const oldPassword = 'Before!2345';
  const newPassword = 'After!23456';
  const email = await newUser(page, oldPassword);
  await signIn(page, email, oldPassword);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL('**/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Position')).toHaveValue('Night guard');
  // The start date in the company's date format (the demo company's is dd/MM/yyyy).
  const { companySettings } = await (await apiAs(page)).get<{ companySettings: { dateFormat: number } }>(
    '/commons/initData',
  );
  await expect(page.getByLabel('Start date with company')).toHaveValue(
    companySettings.dateFormat === 1 ? '03/01/2019' : '01/03/2019',
  );
  const accountMenu = page.getByRole('button', { name: /^Account menu/ });
  await expect(accountMenu).toHaveAccessibleName('Account menu RP');
  await expect(accountMenu.locator('img')).toHaveCount(0);
  await expect(page.getByText('* upload limit 1MB')).toBeVisible();

  // Save is enabled only when the form is valid, with the spec's texts.
  const save = page.getByRole('button', { name: 'Save' });
  await page.getByLabel('First name').fill('');
  await expect(page.getByText('required', { exact: true })).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('First name').fill('x'.repeat(101));
  await expect(page.getByText('maximum length is 100')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('First name').fill('Robyn');
  await page.getByLabel('Middle initial').fill('J');
  await page.getByLabel('Last name').fill('Keller');
  await expect(save).toBeEnabled();
  await expectAccessible(page, 'Profile page');
  await save.click();
  await expect(page.getByText('Robyn Keller has been updated.')).toBeVisible();
  // The account menu follows the new name at once, without a new sign-in.
  await expect(accountMenu).toHaveAccessibleName('Account menu RK');
  await accountMenu.click();
  await expect(page.getByRole('menu').getByText('Robyn Keller', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(accountMenu).toHaveAccessibleName('Account menu RK');
  await expect(page.getByLabel('First name')).toHaveValue('Robyn');
  await expect(page.getByLabel('Middle initial')).toHaveValue('J');

  // The picture: chosen, cropped square, uploaded.
  await page
    .getByLabel('Profile picture file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
  const crop = page.getByRole('dialog', { name: 'Confirm Image' });
  await expect(crop.getByRole('img', { name: 'Picture to crop' })).toBeVisible();
  await crop.getByRole('slider').press('ArrowRight');
  await crop.getByRole('button', { name: 'Confirm' }).click();
  await expect(crop).toBeHidden();
  await expect(
    page.getByText('Profile image is successfully updated and the new image will be applied in the next login.'),
  ).toBeVisible();
  const picture = page.getByRole('img', { name: 'Profile picture of Robyn Keller' });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([512, 512]);
  // The header's avatar takes the new picture at once too.
  await expect(accountMenu.locator('img')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile-page.png'), fullPage: true });

  // A second browser signed in as the same user: its session ends when the password changes.
  const otherPage = await (await browser.newContext()).newPage();
  await signIn(otherPage, email, oldPassword);

  await page.getByRole('button', { name: 'Change Password' }).click();
  const sent = page.getByRole('dialog', { name: 'Change Password' });
  await expect(sent.getByText("We've just sent you an email to reset your password.")).toBeVisible();
  await sent.getByRole('button', { name: 'OK' }).click();

  const resetPage = await (await browser.newContext()).newPage();
  await resetPage.goto(
    mailLink(await waitForMail(email, /Reset your Blotter password/), '/api/users/resetPassword?token='),
  );
  await expect(resetPage.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await resetPage.getByLabel('Password', { exact: true }).fill('abc');
  await resetPage.getByLabel('Confirm password').fill('abc');
  await resetPage.getByRole('button', { name: 'Change password' }).click();
  await expect(resetPage.getByRole('alert')).toHaveText('Password length cannot be less than 4');
  await resetPage.getByLabel('Password', { exact: true }).fill(newPassword);
  await resetPage.getByLabel('Confirm password').fill(newPassword);
  await resetPage.getByRole('button', { name: 'Change password' }).click();
  await expect(resetPage.getByText('Your password is changed.')).toBeVisible();
  await resetPage.screenshot({ path: 'test-results/profile-password-changed.png' });

  // The asking session goes on; the other one has ended.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Robyn');
  const ended = await otherPage.evaluate(async () => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (!key.startsWith('oidc.user:')) continue;
      const token = (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token;
      const response = await fetch('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
      return response.status;
    }
    return 0;
  });
  expect(ended).toBe(401);

  // Signed in again with the new password, the account menu shows the picture.
  await logout(page);
  await signIn(page, email, newPassword);
  await expect(page.getByRole('button', { name: /Account menu/ }).locator('img')).toBeVisible();
});
