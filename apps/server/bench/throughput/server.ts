// The server side of the throughput benchmark (run as a child process by throughput.bench.ts):
// the real app listening on a port, on PGlite or on DATABASE_URL, with a company, a signed-in
// user and one incident, and beside it a bare Fastify route that runs the same query with no
// sign-in, tenancy or plugins: the floor the real read is measured against.
// Prints one JSON line with the two URLs and the Authorization header, then serves until killed.
import Fastify from 'fastify';
import { companyRefs } from '../../src/modules/incidents/incident-fixtures';
import { loadIncidentDetail } from '../../src/modules/incidents/incident-view.queries';
import { submitIncident } from '../../test/incidents';
import { createTestContext, freePort } from '../../test/test-app';

const t = await createTestContext();
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

// The server's own CPU time (user + system, microseconds), so a run can report CPU per request,
// a figure that other work on the machine disturbs far less than requests per second.
bare.get('/bare/cpu', async () => process.cpuUsage());
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
const stop = async () => {
  await bare.close();
  await t.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
