import {
  ANALYSIS_MESSAGES,
  type AnalysisCriteriaItem,
  type AnalysisFrequency,
  type AnalysisResult,
  type AnalysisSeries,
  type analysisRequestSchema,
  type DateCriterion,
  displayName,
  hasPrivilege,
  personName,
  type SearchCriteria,
} from '@blotter/shared';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { badRequest, forbidden } from '../../plugins/errors';
import { writeReadAudit } from '../audit/audit.service';
import { resolveSubtrees, type Subtrees } from '../search/search-criteria';
import { vehicleName } from '../subjects/subjects.service';
import {
  countPeriods,
  loadClassTree,
  type PeriodCounts,
  type PeriodQuery,
  type RepeatSubjectRow,
  repeatSubjects,
} from './analysis.queries';
import { bucketCount, dateBuckets, MAX_BUCKETS, rangeLabel } from './analysis-buckets';
import { classBuckets } from './analysis-classes';

export type AnalysisInput = z.output<typeof analysisRequestSchema>;

export const ANALYSIS_SERVER_MESSAGES = {
  mixedFrequencies: 'All periods of an analysis have the same frequency.',
  tooManyBuckets: `A period is too long for this frequency (at most ${MAX_BUCKETS.toLocaleString('en-US')} bars): choose a shorter period or a longer frequency.`,
} as const;

/**
 * Where a period's dates are read: its IANA zone, else its own offset when the client sent one,
 * else the request's x-timezone-offset (`headerOffset`). `offsetSent` says whether the item carried
 * timezoneOffset (the schema fills in 0 when it did not).
 */
export interface AnalysisClock {
  headerOffset: number;
  offsetSent: (index: number) => boolean;
}

const lookupGroup = (ids: readonly string[] | undefined, prefix: string) =>
  ids && ids.length > 0
    ? {
        logicalOperation: 'OR' as const,
        values: ids.map((lookupId, n) => ({ id: `${prefix}${n}`, lookupId, includeDescendant: true })),
      }
    : undefined;

/** A criteria item as search criteria: its period as a date-occurred range, its class and location filters. */
export function periodQuery(item: AnalysisCriteriaItem, timezoneOffset: number): PeriodQuery {
  const { period } = item;
  const date: DateCriterion = {
    id: 'period',
    periodType: period.type,
    fromDate: period.fromDate,
    toDate: period.toDate,
    days: period.days,
    lastNMonths: period.lastNMonths,
    months: [],
    dayOfWeeks: [],
    timezone: item.timezone,
  };
  const classes = lookupGroup(item.classCriteria?.values, 'class');
  const locations = lookupGroup(item.locationCriteria?.values, 'location');
  return {
    criteria: {
      dateOccurred: { logicalOperation: 'OR', values: [date] },
      ...(classes ? { class: classes } : {}),
      ...(locations ? { location: locations } : {}),
    },
    clock: { timezoneOffset },
  };
}

/** The class and location subtrees every period names, in one query (none when no period filters). */
export function subtreesOf(tx: Executor, periods: readonly PeriodQuery[]): Promise<Subtrees> {
  const all: SearchCriteria = {
    class: {
      logicalOperation: 'OR',
      values: periods.flatMap((p) => p.criteria.class?.values ?? []),
    },
    location: {
      logicalOperation: 'OR',
      values: periods.flatMap((p) => p.criteria.location?.values ?? []),
    },
  };
  return resolveSubtrees(tx, all);
}

/** A repeat subject's bar: a person's name, a legal entity's, a vehicle's plate and province (no private field). */
function subjectLabel(row: RepeatSubjectRow): string {
  if (row.kind === 'vehicle') return vehicleName(row.plate, row.province);
  if (row.kind === 'legalEntity') return displayName(row.name);
  return personName({ firstName: row.first_name, middleName: row.middle_name, lastName: row.last_name });
}

function frequencyOf(criteria: readonly AnalysisCriteriaItem[]): AnalysisFrequency {
  const frequencies = new Set(criteria.map((item) => item.frequency));
  const [frequency] = frequencies;
  if (frequencies.size !== 1 || !frequency) throw badRequest(ANALYSIS_SERVER_MESSAGES.mixedFrequencies);
  return frequency;
}

const seriesName = (item: AnalysisCriteriaItem, counted: Pick<PeriodCounts, 'from' | 'to'>, dateFormat: number) =>
  item.periodName || item.period.periodName || rangeLabel(counted.from, counted.to, dateFormat);

/**
 * Runs an analysis (spec 2 §3, §4): per criteria item, the incidents the user may find (the
 * search's visibility) that occurred in its period and meet its filters, counted per bucket of the
 * frequency in the user's zone; every bucket present, zero counts included. Writes an ANALYZE
 * audit entry with the criteria in the same transaction.
 */
export async function runAnalysis(
  tx: Tx,
  principal: Principal,
  input: AnalysisInput,
  audit: { title: string; transactionType: 'ANALYZE' | 'EXPORT' },
  clock: AnalysisClock,
): Promise<AnalysisResult> {
  const frequency = frequencyOf(input.criteria);
  if (input.selectedClasses.length > 0 && frequency !== 'class') {
    throw badRequest(ANALYSIS_MESSAGES.drillDownNeedsClass);
  }
  // Who comes back is the subjects register's to tell (issue 31).
  if (frequency === 'repeatSubjects' && !hasPrivilege(principal, 'SUBJECT_VIEW')) {
    throw forbidden(ANALYSIS_MESSAGES.repeatSubjectsPrivilege);
  }
  const periods = input.criteria.map((item, index) =>
    periodQuery(item, clock.offsetSent(index) ? item.timezoneOffset : clock.headerOffset),
  );
  const [, tree, subtrees] = await Promise.all([
    writeReadAudit(tx, principal, {
      objectType: 'ANALYZE',
      transactionType: audit.transactionType,
      objectName: audit.title,
      objectData: {
        auditTitle: audit.title,
        name: input.name,
        criteria: input.criteria,
        selectedClasses: input.selectedClasses,
      },
    }),
    frequency === 'class' ? loadClassTree(tx, principal.accountId) : undefined,
    subtreesOf(tx, periods),
  ]);
  if (frequency === 'repeatSubjects') {
    const found = await repeatSubjects(tx, principal, periods, subtrees);
    const { dateFormat } = principal.account;
    const series = input.criteria.map((item, index): AnalysisSeries => {
      const period = found[index] ?? { from: '', to: '', found: { total: 0, subjects: [] } };
      const data = period.found.subjects.map((row) => ({
        period: `${row.kind}:${row.id}`,
        label: subjectLabel(row),
        count: row.n,
      }));
      return {
        periodName: seriesName(item, period, dateFormat),
        fromDate: period.from,
        toDate: period.to,
        data,
        subjectTotal: period.found.total,
      };
    });
    return { name: input.name, frequency, selectedClasses: [], series };
  }
  const classes = tree ? classBuckets(tree, input.selectedClasses) : undefined;
  const counted = await countPeriods(
    tx,
    principal,
    frequency,
    periods.map((period) => (classes?.within ? { ...period, within: classes.within } : period)),
    subtrees,
  );
  const { dateFormat } = principal.account;
  if (frequency !== 'class' && counted.some((p) => bucketCount(frequency, p.from, p.to) > MAX_BUCKETS)) {
    throw badRequest(ANALYSIS_SERVER_MESSAGES.tooManyBuckets);
  }
  const classCounts = classes?.count(counted.map((period) => period.counts));
  const series = input.criteria.map((item, index): AnalysisSeries => {
    const period = counted[index] ?? { from: '', to: '', counts: {} };
    const data = classCounts
      ? (classCounts[index] ?? [])
      : dateBuckets(
          frequency as Exclude<AnalysisFrequency, 'class' | 'repeatSubjects'>,
          period.from,
          period.to,
          dateFormat,
        ).map((bucket) => ({ ...bucket, count: period.counts[bucket.period] ?? 0 }));
    return { periodName: seriesName(item, period, dateFormat), fromDate: period.from, toDate: period.to, data };
  });
  return { name: input.name, frequency, selectedClasses: classes?.path ?? [], series };
}
