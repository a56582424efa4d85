import { randomUUID } from 'node:crypto';
import { RESULT_COLUMNS, type ResultColumnId } from '@blotter/shared';
import { NAMES } from '../test/fixtures/report-upload-fixtures';
import { createTestContext } from '../test/test-app';
import { setBenchLogo } from './bench-logo';
import { type BenchResult, measure, medianResult } from './stats';

const SUMMARY =
  'A person was seen taking several items from the shelf near the entrance and leaving without paying; ' +
  'security followed them to the parking lot, where a second person waited in a grey sedan with the engine running.';

/** One formatted row of every result column, as the results table writes them (summary cut at 200). */
function resultRow(i: number): string[] {
  const name = (k: number) => NAMES[(i + k) % NAMES.length] ?? '';
  // Every column, by its id: the compiler refuses an id the results table does not have.
  const texts: Record<ResultColumnId, string> = {
    number: String(10_000 + i),
    reportedDate: `03/${String((i % 28) + 1).padStart(2, '0')}/2026 10:15 PM`,
    occurredDate: `03/${String((i % 28) + 1).padStart(2, '0')}/2026 09:40 PM`,
    what: i % 2 ? 'Theft > Shoplifting > Cosmetics' : 'Damage > Vandalism',
    severity: ['Low', 'Medium', 'High'][i % 3] ?? '',
    enteredBy: name(0),
    assignedTo: name(1),
    status: i % 4 ? 'Open' : 'Closed',
    location: 'Downtown > Store 12 > Front entrance',
    summary: `${SUMMARY.slice(0, 60 + (i % 140))}…`,
    persons: `${name(2)}, ${name(3)}`,
    legalEntities: i % 5 ? '' : 'Acme Security Ltd.',
    vehicles: i % 3 ? '' : 'ABC 123 Toyota Corolla',
    items: 'Lipstick (3), Perfume',
    correctiveActions: '',
  };
  return RESULT_COLUMNS.map((column) => texts[column.id]);
}

/**
 * GET /api/reports/:id of a 1,000-row search report, through the whole app on PGlite: the upload's
 * read, the logo and the PDF. Two cases: the eight default result columns (portrait) and all
 * fifteen (landscape, the summary wrapped). Budget: under 2 s each (issue 12).
 */
export async function benchReportPrint(): Promise<BenchResult[]> {
  const t = await createTestContext();
  try {
    const company = await t.createCompany({ name: 'Bench Reports Co' });
    const headers = await t.signIn(company.admin);
    await setBenchLogo(t, company.accountId);

    const rows = Array.from({ length: 1000 }, (_, i) => resultRow(i));
    const results: BenchResult[] = [];
    for (const [label, columns] of [
      ['8 default columns', RESULT_COLUMNS.filter((column) => column.defaultVisible)],
      ['all 15 columns', RESULT_COLUMNS],
    ] as const) {
      const indexes = columns.map((column) => RESULT_COLUMNS.indexOf(column));
      const id = randomUUID();
      const data = { columns: columns.map((c) => c.header), rows: rows.map((row) => indexes.map((i) => row[i] ?? '')) };
      const uploaded = await t.inject({
        method: 'POST',
        url: '/api/reports',
        headers,
        payload: { id, title: 'Bench report', timezone: 'America/Toronto', data },
      });
      if (uploaded.statusCode !== 200) throw new Error(`Upload answered ${uploaded.statusCode}: ${uploaded.body}`);
      let size = 0;
      const print = async () => {
        const response = await t.inject({ method: 'GET', url: `/api/reports/${id}`, headers });
        if (response.statusCode !== 200) throw new Error(`Print answered ${response.statusCode}: ${response.body}`);
        size = response.rawPayload.length;
      };
      const times = await measure(print, 10, 2);
      results.push(
        medianResult(
          `GET /api/reports/:id (1,000 rows, ${label}; ${(size / 1024).toFixed(0)} KiB PDF, PGlite)`,
          times,
          2000,
        ),
      );
    }
    return results;
  } finally {
    await t.close();
  }
}
