import type { Country, State } from '@blotter/shared';
import type { Database } from '../../db/client';
import { listCountries, listStates } from '../geo/geo.queries';

export interface ReferenceData {
  countries: Country[];
  states: State[];
}

/**
 * Countries and states never change while the server runs (they are seeded reference data), so
 * they are read once instead of on every initData call.
 */
export function referenceDataCache(database: Database) {
  let cached: Promise<ReferenceData> | undefined;
  return () => {
    cached ??= database.system(async (tx) => ({
      countries: await listCountries(tx),
      states: await listStates(tx),
    }));
    return cached;
  };
}
