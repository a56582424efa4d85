import type { Database } from '../client';
import { seedDemoCompany } from './demo';
import { seedReferenceData } from './reference';

export interface SeedResult {
  referenceSeeded: boolean;
  demoSeeded: boolean;
}

/** First-start seeding: reference data, then the demo company. Later starts do nothing. */
export async function seedDatabase(database: Database, options: { demoPassword: string; demo?: boolean }) {
  const referenceSeeded = await seedReferenceData(database);
  const demoSeeded = options.demo === false ? false : await seedDemoCompany(database, options.demoPassword);
  return { referenceSeeded, demoSeeded } satisfies SeedResult;
}
