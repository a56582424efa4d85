import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, apiAs, signedInPage } from './support';

const SHOTS = process.env.SUBJECT_SHOTS_DIR;

interface Row {
  id: string;
  displayName: string;
  incidentCount: number;
}
interface Detail {
  person: { firstName: string; middleName: string; lastName: string } | null;
}

test('an administrator merges two records of the same person, sees their incidents together, then unmerges', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, ADMIN);
  if (SHOTS) await page.setViewportSize({ width: 1366, height: 900 });
  const api = await apiAs(page);

  // Two register records of one demo person: the demo's own if it has two of the same name, else a
  // new incident whose person card was typed anew (as a guard who did not search the register would).
  const persons = await api.get<{ items: Row[] }>('/subjects?kind=person&psz=100');
  const byName = new Map<string, Row[]>();
  for (const row of persons.items) byName.set(row.displayName, [...(byName.get(row.displayName) ?? []), row]);
  let pair = [...byName.values()].find((rows) => rows.length === 2);
  let newNumber: number | null = null;
  if (!pair) {
    const demo = persons.items.find((row) => row.incidentCount >= 2 && row.displayName !== 'Arjun Patel');
    if (!demo) throw new Error('The demo company has no person with two incidents');
    const { person } = await api.get<Detail>(`/subjects/person/${demo.id}`);
    const init = await api.get<{ multipleLookups: { incidentClass?: { id: string; children?: { id: string }[] }[] } }>(
      '/commons/initData',
    );
    const firstClass = init.multipleLookups.incidentClass?.[0];
    const created = await api.post<{ id: string; number: number }>('/incidents', {
      reportedDate: new Date(Date.now() - 60 * 60_000).toISOString(),
      occurredDate: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
      lastClassId: firstClass?.children?.[0]?.id ?? firstClass?.id,
      persons: [
        {
          id: randomUUID(),
          firstName: person?.firstName,
          middleName: person?.middleName,
          lastName: person?.lastName,
          relationSuspect: true,
        },
      ],
    });
    newNumber = created.number;
    const again = await api.get<{ items: Row[] }>(
      `/subjects?kind=person&psz=100&q=${encodeURIComponent(demo.displayName)}`,
    );
    pair = again.items.filter((row) => row.displayName === demo.displayName);
  }
  expect(pair).toHaveLength(2);
  const [kept, duplicate] = [...pair].sort((a, b) => b.incidentCount - a.incidentCount) as [Row, Row];
  const name = kept.displayName;

  // The list shows the person twice.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subjects' }).click();
  await page.getByRole('button', { name: 'Persons' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  const table = page.getByRole('table', { name: 'Subjects' });
  await expect(table.getByRole('link', { name, exact: true })).toHaveCount(2);

  // The record with more incidents: merge the other one into it.
  await page.goto(`/subjects/person/${kept.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Incidents of the subject' });
  await expect(timeline.getByRole('link').first()).toBeVisible();
  await page.getByRole('button', { name: 'Merge duplicates' }).click();
  const dialog = page.getByRole('dialog', { name: `Merge duplicates of ${name}` });
  const candidates = dialog.getByRole('list', { name: 'Records to merge' });
  const candidate = candidates
    .getByRole('listitem')
    .filter({ hasText: `${duplicate.incidentCount} incident` })
    .first();
  await expect(candidate.getByText('Same name')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/merge-dialog-1366.png` });
  await expectAccessible(page, 'Merge duplicates dialog');
  await candidate.getByRole('button', { name: `Choose ${name}` }).click();

  const confirm = page.getByRole('dialog', { name: 'Merge two records?' });
  const moving = duplicate.incidentCount === 1 ? '1 incident' : `${duplicate.incidentCount} incidents`;
  await expect(
    confirm.getByText(
      `The chosen record, ${name}, will be merged into this record, ${name}. Its ${moving} and any bans move`,
    ),
  ).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/merge-confirm-1366.png` });
  await confirm.getByRole('button', { name: 'Merge' }).click();
  await expect(confirm).toBeHidden();

  // The notice of the merge, and the incidents of both records on one timeline.
  const notice = page.getByRole('alert').filter({ hasText: 'It can be undone until' });
  await expect(notice).toContainText(`Merged ${name} on`);
  await expect(notice).toBeVisible();
  const total = kept.incidentCount + duplicate.incidentCount;
  await expect(page.getByText(new RegExp(`^${total} incidents`))).toBeVisible();
  if (newNumber !== null) await expect(timeline.getByRole('link', { name: `Incident #${newNumber}` })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/merged-subject-1366.png`, fullPage: true });
  await expectAccessible(page, 'subject page after a merge');

  // The list shows the person once.
  await page.getByRole('link', { name: 'Subjects' }).first().click();
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await expect(table.getByRole('link', { name, exact: true })).toHaveCount(1);
  await table.getByRole('link', { name, exact: true }).click();

  if (SHOTS) {
    await page.setViewportSize({ width: 412, height: 915 });
    await expect(notice).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/merged-subject-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Merge duplicates' }).click();
    const phoneDialog = page.getByRole('dialog', { name: `Merge duplicates of ${name}` });
    await phoneDialog.getByRole('textbox', { name: 'Search the register by name' }).fill('an');
    await expect(phoneDialog.getByRole('list', { name: 'Records to merge' })).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/merge-dialog-phone.png` });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  // Unmerge, confirmed first: the two records are back, each with its own incidents.
  await notice.getByRole('button', { name: 'Unmerge' }).click();
  const unmerge = page.getByRole('dialog', { name: 'Unmerge?' });
  await expect(unmerge.getByText(`${name} comes back to the register as a separate record`)).toBeVisible();
  await unmerge.getByRole('button', { name: 'Unmerge' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByText(new RegExp(`^${kept.incidentCount} incidents?`))).toBeVisible();
  if (newNumber !== null) await expect(timeline.getByRole('link', { name: `Incident #${newNumber}` })).toHaveCount(0);
  await page.goto(`/subjects/person/${duplicate.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  if (newNumber !== null) await expect(timeline.getByRole('link', { name: `Incident #${newNumber}` })).toBeVisible();
});
