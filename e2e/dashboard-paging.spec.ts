import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiAs, cardCount, STAFF, signIn } from './support';

interface LookupNode {
  id: string;
  children?: LookupNode[];
}

test('a dashboard list pages through the server and exports every page', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, STAFF);
  const before = await cardCount(page, 'Open Incidents');

  // More than a page of open incidents, entered through the API like the form does.
  const api = await apiAs(page);
  const init = await api.get<{ multipleLookups: { incidentClass?: LookupNode[] } }>('/commons/initData');
  const firstClass = init.multipleLookups.incidentClass?.[0];
  const lastClassId = firstClass?.children?.[0]?.id ?? firstClass?.id;
  const hour = 60 * 60 * 1000;
  const numbers: number[] = [];
  for (let i = 0; i < 12; i++) {
    const created = await api.post<{ number: number }>('/incidents', {
      reportedDate: new Date(Date.now() - hour).toISOString(),
      occurredDate: new Date(Date.now() - 2 * hour).toISOString(),
      lastClassId,
    });
    numbers.unshift(created.number);
  }

  await page.reload();
  const total = before + 12;
  await expect.poll(() => cardCount(page, 'Open Incidents')).toBe(total);
  await page.getByRole('button', { name: 'Open Incidents', exact: true }).click();
  const list = page.getByRole('dialog', { name: 'Open Incidents' });
  const table = list.getByRole('table', { name: 'Open Incidents' });
  const rowOf = (n: number) => table.getByRole('button', { name: new RegExp(`^(View|Edit) incident #${n}$`) });

  // Page 1: the 10 newest; the pager counts the whole list.
  await expect(list.getByText(`1–10 of ${total}`)).toBeVisible();
  await expect(rowOf(numbers[0] ?? 0)).toBeVisible();
  await expect(rowOf(numbers[10] ?? 0)).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(11);

  // Page 2 is read from the server: the 11th and 12th newest.
  const page2 = page.waitForResponse((r) => r.url().includes('/api/incidents/my?') && r.url().includes('p=1'));
  await list.getByRole('button', { name: 'Go to next page' }).click();
  expect((await page2).status()).toBe(200);
  await expect(list.getByText(`11–${Math.min(20, total)} of ${total}`)).toBeVisible();
  await expect(rowOf(numbers[10] ?? 0)).toBeVisible();
  await expect(rowOf(numbers[11] ?? 0)).toBeVisible();
  await expect(rowOf(numbers[0] ?? 0)).toHaveCount(0);

  // The export holds every row of the list, not just the page shown.
  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: 'Export to excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Open Incidents.csv');
  const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]?.startsWith('Number,')).toBe(true);
  for (const n of numbers)
    expect(
      lines.filter((line) => line.startsWith(`${n},`)),
      `#${n}`,
    ).toHaveLength(1);
  expect(lines.filter((line) => /^\d+,/.test(line))).toHaveLength(total);
});
