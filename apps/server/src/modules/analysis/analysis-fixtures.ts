import type {
  AnalysisCriteriaItemInput,
  AnalysisFrequency,
  AnalysisResult,
  ChartPeriodInput,
  IncidentFields,
} from '@blotter/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { submitIncident } from '../../../test/incidents';
import type { TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';
import type { CompanyRefs } from '../incidents/incident-fixtures';

/** Test data and calls of the analysis tests. Not used by the running server. */

export type Headers = Record<string, string>;

/** One criteria item: a period, a frequency, a bar chart, and whatever else is given. */
export const item = (
  period: Omit<ChartPeriodInput, 'id'>,
  frequency: AnalysisFrequency,
  extra: Partial<AnalysisCriteriaItemInput> = {},
): AnalysisCriteriaItemInput => ({ period: { id: 'p', ...period }, frequency, chartType: 'bar', ...extra });

/** A date range period. */
export const range = (fromDate: string, toDate: string): Omit<ChartPeriodInput, 'id'> => ({
  type: 'period',
  fromDate,
  toDate,
});

/** POST /api/analysis; answers the response. */
export const analyze = (
  t: TestContext,
  headers: Headers,
  payload: object,
  query = '',
  extraHeaders: Record<string, string> = {},
) => t.inject({ method: 'POST', url: `/api/analysis${query}`, headers: { ...headers, ...extraHeaders }, payload });

/** Runs an analysis that must succeed; answers the result. */
export async function analysis(
  t: TestContext,
  headers: Headers,
  criteria: AnalysisCriteriaItemInput[],
  extra: { selectedClasses?: string[]; name?: string; header?: Record<string, string> } = {},
): Promise<AnalysisResult> {
  const { header, ...body } = extra;
  const response = await analyze(t, headers, { criteria, ...body }, '', header);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalysisResult>();
}

/** The counts of a series' buckets that are not zero, by key. */
export const nonZero = (result: AnalysisResult, series = 0) =>
  Object.fromEntries(
    (result.series[series]?.data ?? []).filter((bucket) => bucket.count > 0).map((b) => [b.period, b.count]),
  );

/** Submits an incident that occurred at `occurred` (ISO instant), reported an hour ago; answers its id and number. */
export async function submitOccurred(
  t: TestContext,
  headers: Headers,
  refs: CompanyRefs,
  occurred: string,
  change: (fields: IncidentFields) => IncidentFields = (fields) => fields,
) {
  const submitted = await submitIncident(t, headers, refs, { correctiveActions: 0 }, (fields) =>
    change({ ...fields, occurredDate: occurred, reportedDate: new Date(Date.now() - 3_600_000).toISOString() }),
  );
  return { id: submitted.id, number: submitted.number };
}

/** A child of the location `parentId` of the company (a subtree for the location filter). */
export async function locationChild(t: TestContext, accountId: string, parentId: string): Promise<string> {
  const result = (await t.database.system((tx) =>
    tx.execute(sql`select id from lookups where account_id = ${accountId} and type = 'location'
      and parent_id = ${parentId} order by sort_order limit 1`),
  )) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error('no location child');
  return id;
}

/** The ANALYZE or REPORT audit entries of a company, oldest first, read past row-level security. */
export function auditRowsOf(t: TestContext, accountId: string, objectType: 'ANALYZE' | 'REPORT') {
  return t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, accountId), eq(auditEntries.objectType, objectType)))
      .orderBy(asc(auditEntries.createdAt)),
  );
}
