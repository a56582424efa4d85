import type { Database } from '../client';
import { seedDemoCompany, seedDemoCompanyHistory } from './demo';
import { seedReferenceData } from './reference';

export interface SeedResult {
  referenceSeeded: boolean;
  demoSeeded: boolean;
  /** Incidents of the demo company's history created now (0 on later starts). */
  demoIncidents: number;
}

/** First-start seeding: reference data, then the demo company and its history. Later starts do nothing. */
export async function seedDatabase(database: Database, options: { demoPassword: string; demo?: boolean }) {
  const referenceSeeded = await seedReferenceData(database);
  if (options.demo === false) return { referenceSeeded, demoSeeded: false, demoIncidents: 0 } satisfies SeedResult;
  const demoSeeded = await seedDemoCompany(database, options.demoPassword);
  const demoIncidents = await seedDemoCompanyHistory(database);
  return { referenceSeeded, demoSeeded, demoIncidents } satisfies SeedResult;
}
