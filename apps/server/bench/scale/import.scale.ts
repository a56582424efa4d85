import { rm } from 'node:fs/promises';
import type { ImportDetail } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { loadProviderSecrets } from '../../src/oidc/keys';
import { createTestContext } from '../../test/test-app';
import { startServer, tempDataDir } from '../server-process';
import { type BenchResult, percentile } from '../stats';
import { signIn } from './health-wait';
import { createScratchDatabase } from './scratch-postgres';
import { PRODUCTION_RESPONSES } from './search.scale';
import { peakRss } from './search-export.scale';
import { machineState, tooBusy } from './search-measure';

const ROWS = Number(process.env.IMPORT_BENCH_ROWS || 100_000);
const ROWS_PER_S = 2_000;
const RSS_MB = 400;
const QUIET_LOAD = 1;

/** A company's old system's export: one incident per row with one person (names, relation, email). */
function generatedCsv(classPaths: readonly string[], severities: readonly string[]): Buffer {
  const lines = [
    'Ref,Date reported,Date occurred,Class,Severity,Status,Closed date,Summary,First name,Last name,Relation,Email',
  ];
  const first = ['Ann', 'Bo', 'Chloé', 'Dmitri', 'Eve', 'Farid', 'Gus', 'Hana'];
  const last = ['Lee', 'Nowak', 'Tran', 'Smith', 'Garcia', 'Okafor', 'Müller', 'Kim'];
  // Five years up to yesterday, in order (the form refuses a date in the future).
  const end = Date.now() - 2 * 86_400_000;
  const step = (5 * 365 * 86_400_000) / ROWS;
  for (let i = 1; i <= ROWS; i++) {
    const occurred = new Date(end - (ROWS - i) * step);
    const reported = new Date(occurred.getTime() + 45 * 60_000);
    const closed = i % 3 === 0;
    const cells = [
      `OLD-${i}`,
      reported.toISOString(),
      occurred.toISOString(),
      classPaths[i % classPaths.length] ?? '',
      severities[i % severities.length] ?? '',
      closed ? 'Closed' : 'Open',
      closed ? new Date(reported.getTime() + 3_600_000).toISOString() : '',
      `Old record ${i}: found by the night patrol, reported to the office`,
      first[i % first.length] ?? '',
      `${last[i % last.length]}${i % 97}`,
      i % 2 ? 'victim' : 'witness',
      `person${i}@old.example`,
    ];
    lines.push(cells.map((c) => (/[",]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(','));
  }
  return Buffer.from(lines.join('\r\n'));
}

/** Polls the import until it leaves `status`; times of a dashboard call made meanwhile. */
async function waitWhile(
  url: string,
  headers: Record<string, string>,
  id: string,
  status: string,
  probe: () => Promise<number>,
) {
  const times: number[] = [];
  for (;;) {
    const detail = (await (await fetch(`${url}/api/imports/${id}`, { headers })).json()) as ImportDetail;
    if (detail.status !== status) return { detail, times };
    times.push(await probe());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `import`: 100,000 generated rows (CSV, one person each) imported through the real server on
 * PostgreSQL (a scratch database): the upload, the dry run, then the import, timed; the server's
 * peak RSS during the import; and another user's dashboard counts call timed before and during it.
 */
export async function benchImport(): Promise<BenchResult[]> {
  const scratch = await createScratchDatabase();
  const dataDir = await tempDataDir();
  try {
    const t = await createTestContext({ config: { databaseUrl: scratch.url } });
    const company = await t.createCompany({ name: 'Import Bench Co' });
    const importer = await t.createUser(company.accountId, { privileges: ['INCIDENT_IMPORT', 'MYINCIDENT_ADD'] });
    // Another user of the company, whose dashboard is timed while the import runs.
    const colleague = await t.createUser(company.accountId, { privileges: ['MYINCIDENT_ADD'] });
    const lookups = await t.database.system(async (tx) => {
      const rows =
        (await tx.execute(sql`select p.name || ' > ' || c.name as path from lookups c join lookups p on p.id = c.parent_id
          where c.account_id = ${company.accountId} and c.type = 'incidentClass' and p.parent_id is null`)) as unknown as {
          rows: { path: string }[];
        };
      const sev = (await tx.execute(
        sql`select name from lookups where account_id = ${company.accountId} and type = 'severityType'`,
      )) as unknown as {
        rows: { name: string }[];
      };
      return { classes: rows.rows.map((r) => r.path), severities: sev.rows.map((r) => r.name) };
    });
    await t.close();
    const database = await openDatabase({ url: scratch.url, pgliteDir: '' });
    const { signingKey } = await loadProviderSecrets(database).finally(() => database.close());
    const file = generatedCsv(lookups.classes, lookups.severities);
    const server = await startServer(dataDir, {
      command: 'node scripts/start.mjs',
      env: { DATABASE_URL: scratch.url, CHECK_RESPONSES: PRODUCTION_RESPONSES },
    });
    try {
      const headers = await signIn(server.url, dataDir, signingKey, importer.id, '3h');
      const colleagueHeaders = await signIn(server.url, dataDir, signingKey, colleague.id, '3h');
      const probe = async () => {
        const started = performance.now();
        const response = await fetch(`${server.url}/api/incidents/my/counts`, { headers: colleagueHeaders });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`GET /api/incidents/my/counts answered ${response.status}`);
        return performance.now() - started;
      };
      const idle: number[] = [];
      for (let i = 0; i < 30; i++) idle.push(await probe());

      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'history.csv');
      const uploadStarted = performance.now();
      const uploaded = await fetch(`${server.url}/api/imports`, {
        method: 'POST',
        headers: { ...headers, 'x-timezone-offset': '0' },
        body,
      });
      if (!uploaded.ok) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
      const detail = (await uploaded.json()) as ImportDetail;
      const uploadSeconds = (performance.now() - uploadStarted) / 1000;
      const sheet = detail.mapping.sheets[0];
      if (!sheet) throw new Error('no sheet');
      const columns = {
        ...sheet.columns,
        'First name': 'person.firstName',
        'Last name': 'person.lastName',
        Relation: 'person.relation',
        Email: 'person.email',
      };
      const json = { ...headers, 'content-type': 'application/json' };
      const mapped = await fetch(`${server.url}/api/imports/${detail.id}/mapping`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ sheets: [{ ...sheet, columns }], values: {} }),
      });
      if (!mapped.ok) throw new Error(`mapping answered ${mapped.status}: ${await mapped.text()}`);

      const step = (name: string) =>
        fetch(`${server.url}/api/imports/${detail.id}/${name}`, { method: 'POST', headers });
      const validateStarted = performance.now();
      if ((await step('validate')).status !== 202) throw new Error('validate refused');
      const validated = await waitWhile(server.url, headers, detail.id, 'validating', probe);
      const validateSeconds = (performance.now() - validateStarted) / 1000;
      if (validated.detail.status !== 'validated')
        throw new Error(`dry run ended ${validated.detail.status}: ${validated.detail.error}`);

      // The dry run's load fades before the import is timed (the 1-minute average; at most 90 s).
      for (let waited = 0; machineState().load1 > QUIET_LOAD && waited < 90; waited++)
        await new Promise((resolve) => setTimeout(resolve, 1000));
      const before = machineState();
      const runStarted = performance.now();
      const {
        value: ran,
        beforeMb,
        peakMb,
        hwmMb,
      } = await peakRss(server.pid, async () => {
        if ((await step('run')).status !== 202) throw new Error('run refused');
        return waitWhile(server.url, headers, detail.id, 'importing', probe);
      });
      const runSeconds = (performance.now() - runStarted) / 1000;
      const after = machineState();
      const created = ran.detail.counts?.created ?? 0;
      const rate = created / runSeconds;
      const idleP50 = percentile(idle, 50);
      const busyP50 = percentile(ran.times, 50);
      // Judged by the load before the run: during it the import keeps both cores busy by design
      // (the server and two database connections), which the load after shows.
      const busy = tooBusy([before]);
      return [
        {
          name: `Import of ${ROWS.toLocaleString('en-US')} CSV rows with a person each (PostgreSQL, real server)`,
          budget: `≥ ${ROWS_PER_S.toLocaleString('en-US')} rows/s, server RSS < ${RSS_MB} MB`,
          figure:
            `${Math.round(rate).toLocaleString('en-US')} rows/s (${created.toLocaleString('en-US')} created in ${runSeconds.toFixed(1)} s; ` +
            `upload ${uploadSeconds.toFixed(1)} s, dry run ${validateSeconds.toFixed(1)} s, ${(file.length / 1e6).toFixed(1)} MB); ` +
            `server RSS ${beforeMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB (high-water mark ${hwmMb.toFixed(0)} MB); ` +
            `a colleague's GET /api/incidents/my/counts p50 ${idleP50.toFixed(1)} ms idle, ${busyP50.toFixed(1)} ms during the import ` +
            `(×${(busyP50 / idleP50).toFixed(1)}, ${ran.times.length} calls); load ${before.load1.toFixed(2)} → ${after.load1.toFixed(2)}; ` +
            `final status ${ran.detail.status}${ran.detail.error ? ` (${ran.detail.error})` : ''}`,
          pass: created === ROWS && rate >= ROWS_PER_S && peakMb < RSS_MB,
          ...(busy ? { judged: false as const, notJudgedReason: busy } : {}),
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}
