import { companyRefs, largeIncidentForm } from '../test/fixtures/incident-fixtures';
import { historyRowsOf, submitIncident } from '../test/incidents';
import { createTestContext } from '../test/test-app';
import { type BenchResult, measure, medianResult } from './stats';

/**
 * GET /api/incidents/historyItemForCompare/{id} of the edit of a large incident (10 persons,
 * 10 items, 5 vehicles, a 3000-character summary): both versions, masked for a staff user.
 * Budget: median under 30 ms.
 */
export async function benchHistoryCompare(): Promise<BenchResult> {
  const t = await createTestContext();
  try {
    const company = await t.createCompany();
    const headers = await t.signIn(company.staff);
    const refs = await companyRefs(t.database, company.accountId);
    const incident = await submitIncident(t, headers, refs, {}, () => largeIncidentForm(refs));
    const edit = await t.inject({
      method: 'PUT',
      url: '/api/incidents',
      headers,
      payload: { ...incident.fields, id: incident.id, draftId: null, summary: '<p>Edited summary.</p>' },
    });
    if (edit.statusCode !== 200) throw new Error(`Edit answered ${edit.statusCode}: ${edit.body}`);
    const [latest] = await historyRowsOf(t, incident.id);
    const url = `/api/incidents/historyItemForCompare/${latest?.id}`;
    const compare = async () => {
      const response = await t.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`Compare answered ${response.statusCode}: ${response.body}`);
    };
    return medianResult('History compare of two versions (large incident, PGlite)', await measure(compare), 30);
  } finally {
    await t.close();
  }
}
