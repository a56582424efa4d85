import { randomUUID } from 'node:crypto';
import type { ReportUpload } from '@blotter/shared';
import { getDocumentProxy } from 'unpdf';
import type { TestContext } from '../../../test/test-app';

/** Test data of the report print tests. Not used by the running server. */

export const REPORT_COLUMNS = ['Number', 'Date occurred', 'What', 'Persons', 'Status'];

/** Names in the scripts Noto Sans prints: Vietnamese, Greek, Cyrillic, Latin with accents. */
export const NAMES = ['Nguyễn Thị Minh Khai', 'Γιώργος Παπαδόπουλος', 'Дмитрий Иванов', 'Zoë Ångström'];

/** `count` formatted rows as the results table would give them. */
export function reportRows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [
    String(1001 + i),
    `03/${String((i % 28) + 1).padStart(2, '0')}/2026 10:15 PM`,
    i % 2 ? 'Theft > Shoplifting' : 'Damage > Vandalism',
    NAMES[i % NAMES.length] ?? '',
    i % 3 ? 'Open' : 'Closed',
  ]);
}

export function reportUpload(overrides: Partial<ReportUpload> = {}): ReportUpload {
  return {
    id: randomUUID(),
    title: 'Thefts this month',
    auditTitle: 'Reports: Thefts this month',
    timezone: 'America/Toronto',
    data: { columns: REPORT_COLUMNS, rows: reportRows(80) },
    ...overrides,
  };
}

export const upload = (
  t: TestContext,
  headers: Record<string, string>,
  body: unknown,
  extra: Record<string, string> = {},
) => t.inject({ method: 'POST', url: '/api/reports', headers: { ...headers, ...extra }, payload: body as object });

export const getReport = (t: TestContext, headers: Record<string, string>, id: string) =>
  t.inject({ method: 'GET', url: `/api/reports/${id}`, headers });

export const deleteReport = (t: TestContext, headers: Record<string, string>, id: string) =>
  t.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers });

/** Width and height of each page in points (612 x 792 portrait letter). */
export async function pageSizes(pdf: Buffer): Promise<[number, number][]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const sizes: [number, number][] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = (await document.getPage(n)).view;
      sizes.push([Math.round(x1 - x0), Math.round(y1 - y0)]);
    }
    return sizes;
  } finally {
    await document.destroy();
  }
}
