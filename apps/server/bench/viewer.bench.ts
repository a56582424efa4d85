import { companyRefs, largeIncidentForm } from '../test/fixtures/incident-fixtures';
import { submitIncident, uploadToIncident } from '../test/incidents';
import { createTestContext } from '../test/test-app';
import { type BenchResult, measure, medianResult } from './stats';

/**
 * Opening the incident viewer (spec 1 §2): every call the viewer makes for an incident with 10
 * persons, 10 items (and 2 companies, 5 vehicles, 3 corrective actions) and 5 attachments (the
 * incident, its parts in one request, the read audit), one after the other through the whole app
 * on PGlite, as the creator (a staff user, persons masked). Budget: the calls together, median
 * under 50 ms. A server answers thousands of requests, so
 * this measures it warmed up: PGlite's WebAssembly reaches full speed only after a few hundred
 * requests (with 20 warm-up openings the first 200 measured ones are ~30% slower).
 */
export async function benchViewer(): Promise<BenchResult> {
  const t = await createTestContext();
  try {
    const company = await t.createCompany();
    const headers = await t.signIn(company.staff);
    const refs = await companyRefs(t.database, company.accountId);
    const incident = await submitIncident(t, headers, refs, {}, () => largeIncidentForm(refs));
    const [item0, item1] = incident.fields.items;
    const [vehicle0] = incident.fields.vehicles;
    const tied = [
      {},
      {},
      { incidentItemId: item0?.id },
      { incidentItemId: item1?.id },
      { incidentVehicleId: vehicle0?.id },
    ];
    for (const [n, extra] of tied.entries()) {
      await uploadToIncident(t, headers, incident.id, { name: `Attachment ${n + 1}`, ...extra });
    }
    const base = `/api/incidents/${incident.id}`;
    const reads = ['', '/parts'];
    const open = async () => {
      for (const part of reads) {
        const response = await t.inject({ method: 'GET', url: `${base}${part}`, headers });
        if (response.statusCode !== 200) throw new Error(`GET ${base}${part} answered ${response.statusCode}`);
      }
      const audit = await t.inject({
        method: 'POST',
        url: '/api/incidents/audits/read',
        headers,
        payload: { id: incident.id, number: incident.number },
      });
      if (audit.statusCode !== 204) throw new Error(`Read audit answered ${audit.statusCode}: ${audit.body}`);
    };
    return medianResult(
      'Incident viewer: incident + parts + read audit (10 persons, 10 items, 5 files, PGlite)',
      await measure(open, 200, 60),
      50,
    );
  } finally {
    await t.close();
  }
}
