import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, signIn } from './support';

test('on a phone Subjects is in the drawer, the list is cards and a subject opens from its card', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subjects' }).click();
  await expect(page.getByRole('heading', { name: 'Subjects', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('Patel');
  const cards = page.getByRole('list', { name: 'Subjects' });
  await expect(cards.getByRole('link', { name: 'Arjun Patel' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page, 'subjects list on a phone');

  await cards.getByRole('link', { name: 'Arjun Patel' }).click();
  await expect(page.getByRole('heading', { name: 'Arjun Patel', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Incidents of the subject' }).getByRole('link').first()).toBeVisible();
  await expectAccessible(page, 'subject page on a phone');
});
