import type { Draft } from '@blotter/shared';
import { companyRefs, largeIncidentForm } from '../test/fixtures/incident-fixtures';
import { createTestContext } from '../test/test-app';
import { type BenchResult, measure, medianResult } from './stats';

/**
 * PUT /api/draftIncidents of a large draft (10 persons with every field, 5 vehicles, 10 items,
 * 3 corrective actions, a 3000-character summary) through the whole app on PGlite. Autosave sends
 * this after every pause in typing, so the budget is a median under 25 ms.
 */
export async function benchDraftSave(): Promise<BenchResult> {
  const t = await createTestContext();
  try {
    const company = await t.createCompany();
    const headers = await t.signIn(company.staff);
    const refs = await companyRefs(t.database, company.accountId);
    const created = await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: {} });
    if (created.statusCode !== 200)
      throw new Error(`Creating the draft answered ${created.statusCode}: ${created.body}`);
    const form = largeIncidentForm(refs);
    // Sent as the browser sends it: a JSON text of the whole draft.
    const payload = JSON.stringify({ id: created.json<Draft>().id, data: form });
    const save = async () => {
      const response = await t.inject({
        method: 'PUT',
        url: '/api/draftIncidents',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      if (response.statusCode !== 200) throw new Error(`Draft save answered ${response.statusCode}: ${response.body}`);
    };
    const size = `${(payload.length / 1024).toFixed(0)} KiB`;
    return medianResult(`PUT /api/draftIncidents (large draft, ${size}, PGlite)`, await measure(save), 25);
  } finally {
    await t.close();
  }
}
