import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

/** A real PNG (a coloured square), as a person would pick from their disk. */
export const png = (color: string) =>
  sharp({ create: { width: 200, height: 160, channels: 3, background: color } })
    .png()
    .toBuffer();

/** Opens New Incident and makes sure a fresh draft is being edited. */
export async function openNewIncident(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Incident' }).click();
  const drafts = page.getByRole('dialog', { name: 'Saved drafts' });
  const form = page.getByRole('heading', { name: /^When/ });
  await expect(drafts.or(form).first()).toBeVisible();
  if (await drafts.isVisible()) await drafts.getByRole('button', { name: 'Create new incident' }).click();
  await expect(form).toBeVisible();
  await expect(page).toHaveURL(/draft=/);
}

/**
 * Opens each branch of a lookup tree dialog and clicks the last name. Like a person, it clicks a row
 * only once it is wholly shown: while a branch's rows slide open, the row under the pointer can
 * change between the press and the release, and the click then reaches no row at all.
 */
export async function pickFromTree(tree: Locator, ...path: string[]) {
  for (const name of path.slice(0, -1)) await tree.getByRole('button', { name: `Expand ${name}` }).click();
  const leaf = tree.getByRole('button', { name: path.at(-1), exact: true });
  await expect(async () => {
    await leaf.scrollIntoViewIfNeeded();
    await expect(leaf).toBeInViewport({ ratio: 1, timeout: 500 });
  }).toPass();
  await leaf.click();
  await expect(tree).toBeHidden();
}

export async function chooseWhat(page: Page, ...path: string[]) {
  await page.getByRole('textbox', { name: 'What' }).click();
  await pickFromTree(page.getByRole('dialog', { name: 'Choose what happened' }), ...path);
}

export async function typeRichText(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label, exact: true });
  await editor.click();
  await editor.pressSequentially(text);
}

/** Picks an option of a select, native or Material UI's. */
export async function selectOption(scope: Locator, label: string, option: string) {
  const select = scope.getByRole('combobox', { name: label });
  if ((await select.evaluate((element) => element.tagName)) === 'SELECT') {
    await select.selectOption({ label: option });
    return;
  }
  await select.click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/**
 * Types a date into a date picker field as a person does, section by section, in the company's
 * format as shown (the demo company's is dd/MM/yyyy hh:mm a): '02/03/2025 08:15 AM'.
 */
export async function typeDate(scope: Page | Locator, label: string, shown: string) {
  const field = scope.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  const page = 'keyboard' in scope ? scope : scope.page();
  await page.keyboard.type(shown.replace(/[^0-9APM]/gi, '').replace(/M$/i, ''));
  await expect(field.locator('input')).toHaveValue(shown);
}

/**
 * After Save (or Close incident) on the form: waits for the dashboard and answers the number of the
 * incident its toast names.
 */
export async function savedIncidentNumber(page: Page, toast = /Incident #\d+ is saved\./): Promise<number> {
  await page.waitForURL('**/dashboard');
  const message = page.getByText(toast);
  await expect(message).toBeVisible();
  const number = Number(/#(\d+)/.exec((await message.textContent()) ?? '')?.[1]);
  expect(number).toBeGreaterThan(0);
  return number;
}
