import { z } from 'zod';
import { id, pageOf, pageQuery } from './common';
import { incidentRowSchema } from './incidents';
import { RESULT_COLUMN_IDS } from './result-column-ids';
import { hasCriteria, INCIDENT_SEARCH_MESSAGES, SEARCH_LIMITS, searchCriteriaSchema } from './search-criteria';
import { DEFAULT_SEARCH_SORT, searchSortSchema } from './search-sort';

/** The criteria and their rules live in search-criteria.ts, the sort in search-sort.ts; the requests, answers and saves here. */
export * from './search-criteria';
export * from './search-sort';

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Name is required.',
  nameMax: 'Name cannot be longer than 100 characters.',
  descriptionMax: 'Description cannot be longer than 500 characters.',
  savedToDashboard: 'Search criteria is saved to Dashboard successfully.',
  savedToReport: 'Search criteria is saved to Report successfully.',
  updated: (name: string) => `${name} is successfully updated.`,
} as const;

const criteriaWithOne = searchCriteriaSchema.refine(hasCriteria, INCIDENT_SEARCH_MESSAGES.noCriteria);

/** POST /incidents/search (p and psz in the query string); newest first unless `sort` says otherwise. */
export const searchRequestSchema = z.object({
  criteria: criteriaWithOne,
  auditTitle: z.string().trim().max(SEARCH_LIMITS.auditTitle).default('Search'),
  sort: searchSortSchema.default(DEFAULT_SEARCH_SORT),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

/**
 * How the page of POST /incidents/search answers its total: `counted` (the default) counts the
 * matches (up to SEARCH_TOTAL_CAP) with the page, in one statement; `deferred` answers the page
 * first, with the total only when reading the page found it out (a few hundred matches or fewer),
 * else `total: null`, to be asked of POST /incidents/search/count (the search page asks both at once).
 */
export const SEARCH_TOTAL_MODES = ['counted', 'deferred'] as const;
export const searchPageQuery = pageQuery;
export const searchResultsQuery = pageQuery.extend({
  total: z.enum(SEARCH_TOTAL_MODES, "total must be 'counted' or 'deferred'.").default('counted'),
});
export type SearchResultsQuery = z.infer<typeof searchResultsQuery>;

/**
 * A page of results. When more than SEARCH_TOTAL_CAP incidents match, `total` is SEARCH_TOTAL_CAP and
 * `totalCapped` is true ('10,000+'): the next pages still answer.
 */
export const searchPageSchema = pageOf(incidentRowSchema).extend({ totalCapped: z.boolean() });
export type SearchPage = z.infer<typeof searchPageSchema>;

/** The page of POST /incidents/search: with `total=deferred`, `total` is null when it was not found out with the page. */
export const searchResultsPageSchema = searchPageSchema.extend({ total: z.number().int().nullable() });
export type SearchResultsPage = z.infer<typeof searchResultsPageSchema>;

/**
 * POST /incidents/search/count: how many incidents the criteria find (the search page's total, asked
 * beside its page). Criteria that search texts are counted up to SEARCH_QUICK_TOTAL_CAP unless
 * `exact` asks for the full count (up to SEARCH_TOTAL_CAP, as the other criteria always are).
 */
export const searchCountRequestSchema = searchRequestSchema.pick({ criteria: true }).extend({
  exact: z.boolean('exact must be true or false.').default(false),
});
export type SearchCountRequest = z.input<typeof searchCountRequestSchema>;

/** GET /incidents/search/custom/{id}/count: the dashboard card's number. */
export const searchCountSchema = z.object({ total: z.number().int(), totalCapped: z.boolean() });
export type SearchCount = z.infer<typeof searchCountSchema>;

export const resultColumnIdSchema = z.enum(RESULT_COLUMN_IDS, 'Unknown result column');

/** POST /incidents/search/export: every matching incident as CSV, in these columns and this order. */
export const searchExportRequestSchema = searchRequestSchema.extend({
  columns: z
    .array(resultColumnIdSchema)
    .min(1, 'Choose at least one column.')
    .max(RESULT_COLUMN_IDS.length)
    .refine((columns) => new Set(columns).size === columns.length, 'A column is named twice.'),
  /** The file's title (its name without .csv). */
  title: z.string().trim().max(SEARCH_LIMITS.auditTitle).default('Search results'),
});
export type SearchExportRequest = z.input<typeof searchExportRequestSchema>;

/** The Save Search dialog (spec 2 §5): name required (max 100), description max 500. */
export const savedSearchFieldsSchema = z.object({
  name: z.string().trim().min(1, SAVED_SEARCH_MESSAGES.nameRequired).max(100, SAVED_SEARCH_MESSAGES.nameMax),
  description: z.string().trim().max(500, SAVED_SEARCH_MESSAGES.descriptionMax).default(''),
});

/** POST /incidents/search/custom and /reports/custom. */
export const savedSearchCreateSchema = savedSearchFieldsSchema.extend({
  criteria: criteriaWithOne,
  columns: z.array(resultColumnIdSchema).max(RESULT_COLUMN_IDS.length).default([]),
  /** The order of the results, restored when the search is opened or run. */
  sort: searchSortSchema.default(DEFAULT_SEARCH_SORT),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

/** PUT /incidents/search/custom and /reports/custom. */
export const savedSearchUpdateSchema = savedSearchCreateSchema.extend({ id: id() });
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

/** A saved search (dashboard) or search report (spec 2 §3). */
export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  criteria: searchCriteriaSchema,
  columns: z.array(resultColumnIdSchema),
  sort: searchSortSchema,
  creationDate: z.string(),
  lastUpdateDate: z.string(),
  createUserName: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchPageSchema = pageOf(savedSearchSchema);
