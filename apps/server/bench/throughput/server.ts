// The server side of the throughput benchmark (run as a child process by throughput.bench.ts):
// the real app listening on a port, on PGlite or on DATABASE_URL, with a company, a signed-in
// user and one incident, and beside it a bare Fastify route that runs the same query with no
// sign-in, tenancy or plugins: the floor the real read is measured against.
// Prints one JSON line with the two URLs and the Authorization header, then serves until killed.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadIncidentDetail } from '../../src/modules/incidents/view/incident-view.queries';
import { companyRefs } from '../../test/fixtures/incident-fixtures';
import { submitIncident } from '../../test/incidents';
import { createTestContext, freePort } from '../../test/test-app';

// As in production (APP_ENV prod): answers written by the compiled serializer alone, without the
// zod check that local, dev and test environments add to every answer.
const t = await createTestContext({ config: { checkResponses: false } });
const company = await t.createCompany();
const headers = await t.signIn(company.staff);
const refs = await companyRefs(t.database, company.accountId);
const incident = await submitIncident(t, headers, refs);

const bare = Fastify({ logger: false });
bare.get<{ Params: { id: string } }>('/bare/incidents/:id', async (request) => {
  const row = await loadIncidentDetail(t.database.db, request.params.id);
  if (!row) throw new Error('missing incident');
  return row;
});

// CPU time spent so far (microseconds): this process's, and on PostgreSQL that of the server
// processes serving this database (read from /proc: the database runs on this machine). CPU per
// request is a figure that other work on the machine disturbs far less than requests per second.
const TICK_MICROS = 1_000_000 / 100;
async function databaseCpu(): Promise<number> {
  if (t.database.kind !== 'postgres') return 0;
  const result = await t.database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  let total = 0;
  for (const { pid } of (result as unknown as { rows: { pid: number }[] }).rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields 14 and 15 (utime, stime) in clock ticks, counted after the command name's closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * TICK_MICROS;
  }
  return total;
}
bare.get('/bare/cpu', async () => {
  const own = process.cpuUsage();
  return { server: own.user + own.system, database: await databaseCpu() };
});
// The monotonic clock (ns), for profiles that look at one stretch of a run.
bare.get('/bare/mark', async () => process.hrtime.bigint().toString());

const [appPort, barePort] = [await freePort(), await freePort()];
await t.app.listen({ port: appPort, host: '127.0.0.1' });
await bare.listen({ port: barePort, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({
    app: `http://127.0.0.1:${appPort}/api/incidents/${incident.id}`,
    bare: `http://127.0.0.1:${barePort}/bare/incidents/${incident.id}`,
    cpu: `http://127.0.0.1:${barePort}/bare/cpu`,
    headers,
    database: t.database.kind,
  })}\n`,
);
// The parent stops this process when it has measured; nothing here needs a clean shutdown (the
// database is dropped by the parent), and a close could wait on the load generator's open sockets.
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));
