import sharp from 'sharp';
import { pictureFolder } from '../src/modules/incidents/incident-fields';
import { companyRefs, incidentForm } from '../test/fixtures/incident-fixtures';
import { createTestContext } from '../test/test-app';
import { setBenchLogo } from './bench-logo';
import { type BenchResult, measure, medianResult } from './stats';

/**
 * GET /api/incidents/:id/print of a large incident (10 persons with pictures, 2 legal entities,
 * 5 vehicles, 10 items, 5 corrective actions, a 3000-character summary) with the company logo,
 * through the whole app on PGlite: the loads, the PDF and the audit entry. Budget: under 1 s.
 */
export async function benchPrint(): Promise<BenchResult> {
  const t = await createTestContext();
  try {
    const company = await t.createCompany({ name: 'Bench Print Co' });
    const headers = await t.signIn(company.admin);
    const refs = await companyRefs(t.database, company.accountId);

    await setBenchLogo(t, company.accountId);
    // Person pictures as the upload stores them: JPEGs of 512 × 512.
    const picture = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#996633' } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const form = incidentForm(refs, {
      persons: 10,
      companies: 2,
      vehicles: 5,
      items: 10,
      correctiveActions: 5,
      summaryLength: 3000,
    });
    for (const [i, person] of form.persons.entries()) {
      const key = `${pictureFolder(company.accountId)}bench-${i}.jpg`;
      await t.storage.put(key, picture);
      form.persons[i] = { ...person, personPicture: key };
    }
    const created = await t.inject({ method: 'POST', url: '/api/incidents', headers, payload: form });
    if (created.statusCode !== 200) throw new Error(`Creating the incident answered ${created.statusCode}`);
    const { id } = created.json<{ id: string }>();

    let size = 0;
    const print = async () => {
      const response = await t.inject({ method: 'GET', url: `/api/incidents/${id}/print`, headers });
      if (response.statusCode !== 200) throw new Error(`Print answered ${response.statusCode}: ${response.body}`);
      size = response.rawPayload.length;
    };
    const times = await measure(print, 30, 3);
    return medianResult(
      `GET /api/incidents/:id/print (10 persons with pictures, 10 items, 5 actions; ${(size / 1024).toFixed(0)} KiB PDF, PGlite)`,
      times,
      1000,
    );
  } finally {
    await t.close();
  }
}
