import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, signIn } from './support';

test('on a phone the search type is a dropdown without severity; changed criteria mark the results', async ({
  page,
}, testInfo) => {
  await signIn(page, ADMIN);
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'Search', exact: true })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Search type' }).click();
  const options = page.getByRole('option');
  // Spec 2's kinds without severity, and 'Active ban' (issue 31: the administrator may view subjects).
  await expect(options).toHaveCount(14);
  await expect(page.getByRole('option', { name: 'Active ban' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Severity' })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Entered by' })).toBeVisible();
  await page.getByRole('option', { name: 'Status' }).click();
  await page.getByRole('checkbox', { name: 'Open' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const criteria = page.getByRole('region', { name: 'Search criteria' });
  await expect(criteria.getByRole('group', { name: 'Status' }).getByText('Open', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('dialog', { name: 'Date Period Required' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/^[\d,]+\+? incidents? found$/)).toBeVisible();
  await expectAccessible(page, 'search page on a phone');
  // Removing a criterion puts the notice over the results, with its Search again.
  await criteria.getByRole('button', { name: 'Delete Status: Open' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'The search criteria changed' });
  await expect(notice.getByRole('button', { name: 'Search again' })).toBeVisible();
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('phone-out-of-date.png') });
  await notice.getByRole('button', { name: 'Search again' }).click();
  await expect(notice).toBeHidden();
});
