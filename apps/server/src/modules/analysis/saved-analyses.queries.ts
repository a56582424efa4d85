import { sql } from 'drizzle-orm';
import { savedAnalyses } from '../../db/schema/index';
import { isoSql } from '../incidents/incident-parts.queries';
import type { SavedItemStore } from '../saved-items/saved-items.queries';

/** A saved analysis as stored, before its criteria are read with the shared schema. */
export interface StoredSavedAnalysis {
  id: string;
  name: string;
  description: string;
  criteria: unknown;
  chartType: string;
  frequency: string;
  incidentClasses: unknown;
  creationDate: string;
}

/** Saved analyses are read back without their creator. */
export const savedAnalysisStore: SavedItemStore<typeof savedAnalyses> = {
  table: savedAnalyses,
  json: sql`json_build_object(
  'id', s.id, 'name', s.name, 'description', s.description, 'criteria', s.criteria, 'chartType', s.chart_type,
  'frequency', s.frequency, 'incidentClasses', s.incident_classes, 'creationDate', ${isoSql(sql`s.created_at`)})`,
  creator: false,
};
