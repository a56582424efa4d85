import { createHash } from 'node:crypto';
import type { Country, State } from '@blotter/shared';
import type { Database } from '../../db/client';
import { listCountries, listStates } from '../geo/geo.queries';

export interface ReferenceData {
  countries: Country[];
  states: State[];
  /** A hash of the two lists, computed once: part of initData's version. */
  digest: string;
}

/**
 * Countries and states never change while the server runs (they are seeded reference data), so
 * they are read once instead of on every initData call.
 */
export function referenceDataCache(database: Database) {
  let cached: Promise<ReferenceData> | undefined;
  return () => {
    cached ??= database.system(async (tx) => {
      const countries = await listCountries(tx);
      const states = await listStates(tx);
      const digest = createHash('sha256').update(JSON.stringify({ countries, states })).digest('base64url');
      return { countries, states, digest };
    });
    return cached;
  };
}
