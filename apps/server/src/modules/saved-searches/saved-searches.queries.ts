import { sql } from 'drizzle-orm';
import { savedSearches } from '../../db/schema/index';
import { fullName, isoSql } from '../incidents/incident-parts.queries';
import type { SavedItemStore } from '../saved-items/saved-items.queries';

/** A saved search as stored, before its criteria and columns are parsed with the shared schema. */
export interface StoredSavedSearch {
  id: string;
  name: string;
  description: string;
  criteria: unknown;
  columns: unknown;
  sort: unknown;
  creationDate: string;
  lastUpdateDate: string;
  createUserName: string;
}

/** Saved searches are read back with their creator's name. */
export const savedSearchStore: SavedItemStore<typeof savedSearches> = {
  table: savedSearches,
  json: sql`json_build_object(
  'id', s.id, 'name', s.name, 'description', s.description, 'criteria', s.criteria, 'columns', s.columns,
  'sort', s.sort, 'creationDate', ${isoSql(sql`s.created_at`)}, 'lastUpdateDate', ${isoSql(sql`s.updated_at`)},
  'createUserName', coalesce(${fullName('u')}, 'Unknown'))`,
  creator: true,
};
