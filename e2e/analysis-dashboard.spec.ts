import { expect, test } from '@playwright/test';
import { addLastDays, analysisCall, chooseRest, openAnalyze, wizard } from './analysis-wizard';
import { expectAccessible } from './axe';
import { ADMIN, signIn } from './support';

test('an analysis saved to the dashboard shows as a chart card, opens large, is edited, updated and deleted', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const name = `Weekdays ${Date.now().toString(36)}`;
  await openAnalyze(page);
  const w = wizard(page);
  await addLastDays(page, 365);
  await w.next.click();
  await chooseRest(page, 'Day of week', 'Bar chart');
  await w.step('Title and Generate').getByRole('textbox', { name: 'Title' }).fill(name);
  await analysisCall(page, () => w.generate.click());
  // Without a loaded item there is nothing to update.
  await expect(w.report.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expect(w.report.getByRole('button', { name: 'Save to reports' })).toBeEnabled();

  await w.report.getByRole('button', { name: 'Save to dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Analysis' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(name);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Incidents per weekday');
  await dialog.getByRole('button', { name: 'Save to dashboard' }).click();
  await expect(page.getByText('Analysis is saved to dashboard.')).toBeVisible();

  // Save to reports too (the admin has REPORT_CREATE).
  await w.report.getByRole('button', { name: 'Save to reports' }).click();
  await dialog.getByRole('button', { name: 'Save to reports' }).click();
  await expect(page.getByText('Analysis is saved to report.')).toBeVisible();

  // The dashboard card: its chart computed when shown, 200 px high.
  const chartCall = page.waitForResponse((r) => r.url().includes('/api/analysis?') && r.request().method() === 'POST');
  await page.goto('/dashboard');
  expect((await chartCall).status()).toBe(200);
  const card = page.getByRole('region', { name });
  const cardChart = card.getByRole('img', { name: `${name} chart` });
  await expect(cardChart.locator('canvas')).toHaveCount(1);
  expect(Math.round((await cardChart.boundingBox())?.height ?? 0)).toBe(200);
  await expectAccessible(page, 'dashboard with an analysis card');

  // A click on the chart opens the larger chart, as one on the title does; its title shows once.
  await cardChart.click();
  const large = page.getByRole('dialog', { name });
  const largeChart = large.getByRole('img', { name: `${name} chart` });
  await expect(largeChart.locator('canvas')).toHaveCount(1);
  await expect(large.getByRole('heading', { name })).toHaveCount(1);
  expect(Math.round((await largeChart.boundingBox())?.height ?? 0)).toBe(500);
  await expectAccessible(page, 'large chart dialog');
  await large.getByRole('button', { name: 'Close' }).click();
  await expect(large).toHaveCount(0);

  // Edit: the wizard opens on the saved analysis; Update changes it.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await page.waitForURL('**/analyze');
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(w.step('Title and Generate').getByRole('textbox', { name: 'Title' })).toHaveValue(name);
  await w.summary.getByRole('button', { name: 'Bar chart', exact: true }).click();
  await w.step('Report type').getByRole('radio', { name: 'Line chart', exact: true }).check();
  await w.next.click();
  const renamed = `${name} (line)`;
  await w.step('Title and Generate').getByRole('textbox', { name: 'Title' }).fill(renamed);
  await analysisCall(page, () => w.generate.click());
  await w.report.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Incidents per weekday');
  const put = page.waitForResponse((r) => r.url().endsWith('/api/analysis/custom') && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Update' }).click();
  expect((await put).request().postDataJSON()).toMatchObject({ name: renamed, chartType: 'line' });
  await expect(page.getByText(`${renamed} is successfully updated.`)).toBeVisible();

  // Analyze in the menu, with the saved analysis open at its last step, starts a new analysis
  // (spec 2 §4 'Leaving the page resets').
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analyze', exact: true }).click();
  await expect(w.step('Period (Date occurred)')).toBeVisible();
  await expect(w.step('Title and Generate')).toHaveCount(0);
  await expect(w.summary.getByRole('button', { name: 'Line chart', exact: true })).toHaveCount(0);
  await expect(w.report).toHaveCount(0);
  await expect(page.getByText(renamed, { exact: true })).toHaveCount(0);
  await expect(w.next).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('analyze-menu-new.png') });

  // Back on the dashboard: the card under its new name; delete asks first.
  await page.goto('/dashboard');
  const updated = page.getByRole('region', { name: renamed });
  await expect(updated.getByRole('img', { name: `${renamed} chart` })).toBeVisible();
  await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
  await updated.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Analysis' });
  await expectAccessible(page, 'delete analysis dialog');
  await expect(confirm.getByText(`Are you sure you want to delete this analysis, "${renamed}"?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(updated).toHaveCount(0);
});
