import { z } from 'zod';
import { id, pageOf, pageQuery } from './common';
import { INCIDENT_SEARCH_MESSAGES, isoDateSchema, isTimeZone } from './search-criteria';

/**
 * The analysis wizard and its saved analyses (spec 2 §2 analysis wizard and chart, §3 saved
 * analysis, analysis criteria, chart period, analysis result; §4 wizard states; §7 analysis calls).
 */

/** The texts of the analysis pages (spec 2 §8 verbatim; our own where the spec is silent). */
export const ANALYSIS_MESSAGES = {
  savedToDashboard: 'Analysis is saved to dashboard.',
  savedToReport: 'Analysis is saved to report.',
  updated: (name: string) => `${name} is successfully updated.`,
  // Where the spec is silent, our own texts.
  titleRequired: 'Please enter a title.',
  titleMax: 'Title cannot be longer than 100 characters.',
  periodRequired: 'Please add a period.',
  periodNameMax: 'Period name cannot be longer than 100 characters.',
  tooManyPeriods: 'An analysis compares at most 10 periods.',
  periodDates: INCIDENT_SEARCH_MESSAGES.periodDates,
  periodOrder: INCIDENT_SEARCH_MESSAGES.periodOrder,
  lastNDays: INCIDENT_SEARCH_MESSAGES.lastNDays,
  lastNMonths: INCIDENT_SEARCH_MESSAGES.lastNMonths,
  invalidTimezone: INCIDENT_SEARCH_MESSAGES.invalidTimezone,
  tooManyLookups: 'Choose at most 50 classes or locations.',
  frequencyRequired: 'Please choose a frequency.',
  chartTypeRequired: 'Please choose a report type.',
  drillDownNeedsClass: 'Drill-down needs the class frequency.',
  repeatSubjectsPrivilege: 'The repeat subjects frequency needs the privilege to view subjects.',
} as const;

/** Default analysis title (spec 2 §4, §9). */
export const DEFAULT_ANALYSIS_TITLE = 'My analysis';
/** Repeat subjects: a subject is counted when it is on at least this many incidents of the period… */
export const REPEAT_SUBJECTS_MIN_INCIDENTS = 2;
/** …and a period shows at most this many, the most incidents first (the frequency's bars). */
export const REPEAT_SUBJECTS_LIMIT = 20;
export const ANALYSIS_LIMITS = { periods: 10, lookups: 50, title: 100, periodName: 100, description: 500 } as const;

/** The chart types a generated analysis is drawn as, and the report types of step 5 (a chart or an .xlsx file). */
export const ANALYSIS_CHART_TYPES = ['bar', 'stackedBar', 'line', 'pie'] as const;
export type AnalysisChartType = (typeof ANALYSIS_CHART_TYPES)[number];
export const ANALYSIS_REPORT_TYPES = [...ANALYSIS_CHART_TYPES, 'excel'] as const;
export type AnalysisReportType = (typeof ANALYSIS_REPORT_TYPES)[number];

/**
 * How the incidents of a period are grouped (spec 2 §3: day, weekday, month, year, class, and the
 * hour of day, the work shift grouping). Day, weekday, month, year and hour are read in the
 * client's zone (`timezone`, else `timezoneOffset`). `repeatSubjects` (issue 31): the persons,
 * legal entities and vehicles named on 2 or more of the period's incidents, most incidents first
 * (at most REPEAT_SUBJECTS_LIMIT); it needs SUBJECT_VIEW.
 */
export const ANALYSIS_FREQUENCIES = ['day', 'weekday', 'month', 'year', 'hour', 'class', 'repeatSubjects'] as const;
export type AnalysisFrequency = (typeof ANALYSIS_FREQUENCIES)[number];

/** A chart period (spec 2 §3): a date range, the last n days or the last n months (0 = this month). */
export const ANALYSIS_PERIOD_TYPES = ['period', 'lastNDays', 'lastNMonths'] as const;
export type AnalysisPeriodType = (typeof ANALYSIS_PERIOD_TYPES)[number];

const clientId = z.string().min(1).max(64);

export const chartPeriodSchema = z
  .object({
    id: clientId,
    type: z.enum(ANALYSIS_PERIOD_TYPES, 'Invalid period type'),
    days: z
      .number({ error: ANALYSIS_MESSAGES.lastNDays })
      .int(ANALYSIS_MESSAGES.lastNDays)
      .min(1, ANALYSIS_MESSAGES.lastNDays)
      .max(36_500, ANALYSIS_MESSAGES.lastNDays)
      .optional(),
    lastNMonths: z
      .number({ error: ANALYSIS_MESSAGES.lastNMonths })
      .int(ANALYSIS_MESSAGES.lastNMonths)
      .min(0, ANALYSIS_MESSAGES.lastNMonths)
      .max(1200, ANALYSIS_MESSAGES.lastNMonths)
      .optional(),
    fromDate: isoDateSchema.optional(),
    toDate: isoDateSchema.optional(),
    periodName: z.string().trim().max(ANALYSIS_LIMITS.periodName, ANALYSIS_MESSAGES.periodNameMax).default(''),
  })
  .superRefine((period, ctx) => {
    if (period.type === 'period') {
      if (!period.fromDate || !period.toDate) ctx.addIssue({ code: 'custom', message: ANALYSIS_MESSAGES.periodDates });
      else if (period.fromDate > period.toDate)
        ctx.addIssue({ code: 'custom', message: ANALYSIS_MESSAGES.periodOrder });
    }
    if (period.type === 'lastNDays' && period.days === undefined) {
      ctx.addIssue({ code: 'custom', message: ANALYSIS_MESSAGES.lastNDays });
    }
    if (period.type === 'lastNMonths' && period.lastNMonths === undefined) {
      ctx.addIssue({ code: 'custom', message: ANALYSIS_MESSAGES.lastNMonths });
    }
  });
export type ChartPeriod = z.infer<typeof chartPeriodSchema>;
export type ChartPeriodInput = z.input<typeof chartPeriodSchema>;

/** Class or location filters of an analysis: the chosen lookups (their descendants included by the server), joined by OR. */
export const analysisLookupCriteriaSchema = z.object({
  values: z.array(id()).max(ANALYSIS_LIMITS.lookups, ANALYSIS_MESSAGES.tooManyLookups),
  logicalOperation: z.literal('OR').default('OR'),
});

/**
 * One analysis criteria item, one per period (spec 2 §3). `timezone` is the browser's IANA zone;
 * `timezoneOffset` (minutes, as Date.getTimezoneOffset) is used when it is absent.
 */
export const analysisCriteriaItemSchema = z.object({
  periodName: z.string().trim().max(ANALYSIS_LIMITS.periodName, ANALYSIS_MESSAGES.periodNameMax).default(''),
  period: chartPeriodSchema,
  frequency: z.enum(ANALYSIS_FREQUENCIES, ANALYSIS_MESSAGES.frequencyRequired),
  chartType: z.enum(ANALYSIS_REPORT_TYPES, ANALYSIS_MESSAGES.chartTypeRequired),
  timezoneOffset: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(0),
  timezone: z.string().max(64).refine(isTimeZone, ANALYSIS_MESSAGES.invalidTimezone).optional(),
  classCriteria: analysisLookupCriteriaSchema.optional(),
  locationCriteria: analysisLookupCriteriaSchema.optional(),
});
export type AnalysisCriteriaItem = z.infer<typeof analysisCriteriaItemSchema>;
export type AnalysisCriteriaItemInput = z.input<typeof analysisCriteriaItemSchema>;

const analysisCriteriaList = z
  .array(analysisCriteriaItemSchema)
  .min(1, ANALYSIS_MESSAGES.periodRequired)
  .max(ANALYSIS_LIMITS.periods, ANALYSIS_MESSAGES.tooManyPeriods);

const title = z
  .string()
  .trim()
  .min(1, ANALYSIS_MESSAGES.titleRequired)
  .max(ANALYSIS_LIMITS.title, ANALYSIS_MESSAGES.titleMax);

/**
 * POST /analysis?auditTitle=[&type=excel]: the criteria (one item per period, all with the same
 * frequency), the title, and on drill-down `selectedClasses`, the class path clicked so far (root
 * first): the class frequency then counts the children of its last class.
 */
export const analysisRequestSchema = z.object({
  criteria: analysisCriteriaList,
  name: title.default(DEFAULT_ANALYSIS_TITLE),
  selectedClasses: z.array(id()).max(10).default([]),
});
export type AnalysisRequest = z.input<typeof analysisRequestSchema>;

export const analysisQuerySchema = z.object({
  auditTitle: z.string().trim().max(200).default('Analysis'),
  /** excel: the answer is the .xlsx workbook (one sheet per period with a totals row). */
  type: z.enum(['excel']).optional(),
});

/**
 * One bucket of a series. `period` is the bucket's key ('2026-03-14' day, '0'–'6' weekday from
 * Sunday, '2026-03' month, '2026' year, '00'–'23' hour, the class id for class, 'kind:id' of the
 * subject for repeatSubjects); `label` is how it reads on the chart. Every bucket of the period's
 * range is present, zero counts included, in order. For class, `hasChildren` says whether a click
 * drills further. Repeat subjects have only the subjects with 2 or more incidents, the most first.
 */
export const analysisDataSchema = z.object({
  period: z.string(),
  label: z.string(),
  count: z.number().int(),
  hasChildren: z.boolean().optional(),
});
export const analysisSeriesSchema = z.object({
  periodName: z.string(),
  /** The period's first and last day (ISO) as the server resolved them in the client's zone. */
  fromDate: z.string(),
  toDate: z.string(),
  data: z.array(analysisDataSchema),
  /**
   * repeatSubjects only: how many subjects are on 2 or more of the period's incidents; `data` holds
   * the REPEAT_SUBJECTS_LIMIT of them with the most.
   */
  subjectTotal: z.number().int().optional(),
});
/** The answer of POST /analysis: one series per criteria item, in order (spec 2 §3 analysis result). */
export const analysisResultSchema = z.object({
  name: z.string(),
  frequency: z.enum(ANALYSIS_FREQUENCIES),
  /** On drill-down, the class path with names, for the breadcrumbs. */
  selectedClasses: z.array(z.object({ id: z.string(), name: z.string() })),
  series: z.array(analysisSeriesSchema),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;
export type AnalysisSeries = z.infer<typeof analysisSeriesSchema>;

/**
 * A saved analysis (spec 2 §3), on the user's dashboard (/analysis/custom) or among the company's
 * reports (/analysis/reports): the title, the criteria list, chart type, frequency and the chosen
 * incident classes.
 */
export const savedAnalysisFieldsSchema = z.object({
  name: title,
  description: z
    .string()
    .trim()
    .max(ANALYSIS_LIMITS.description, 'Description cannot be longer than 500 characters.')
    .default(''),
  criteria: analysisCriteriaList,
  chartType: z.enum(ANALYSIS_REPORT_TYPES, ANALYSIS_MESSAGES.chartTypeRequired),
  frequency: z.enum(ANALYSIS_FREQUENCIES, ANALYSIS_MESSAGES.frequencyRequired),
  incidentClasses: z.array(id()).max(ANALYSIS_LIMITS.lookups, ANALYSIS_MESSAGES.tooManyLookups).default([]),
});
export const savedAnalysisCreateSchema = savedAnalysisFieldsSchema;
export type SavedAnalysisCreate = z.input<typeof savedAnalysisCreateSchema>;
export const savedAnalysisUpdateSchema = savedAnalysisFieldsSchema.extend({ id: id() });
export type SavedAnalysisUpdate = z.input<typeof savedAnalysisUpdateSchema>;
export const savedAnalysisSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  criteria: z.array(analysisCriteriaItemSchema),
  chartType: z.enum(ANALYSIS_REPORT_TYPES),
  frequency: z.enum(ANALYSIS_FREQUENCIES),
  incidentClasses: z.array(z.string()),
  creationDate: z.string(),
});
export type SavedAnalysis = z.infer<typeof savedAnalysisSchema>;
export const savedAnalysisPageSchema = pageOf(savedAnalysisSchema);
export const savedAnalysisPageQuery = pageQuery;

/**
 * POST /reports: the formatted rows of a search report uploaded for printing (spec 2 §4, §7), under
 * a new id the browser generates. The server keeps them for the uploader until DELETE /reports/{id}
 * or for at most REPORT_UPLOAD_TTL_MINUTES; GET /reports/{id} answers them as a PDF.
 */
/**
 * rows: a print of 10,000 rows of 20 columns took 13 s of CPU (npm run bench reportPrintLoad), over
 * its 15 s budget once the machine is busy; 5,000 take half (issue 26). The print dialog says so.
 */
export const REPORT_UPLOAD_LIMITS = { columns: 20, rows: 5_000, cell: 2_000, title: 200 } as const;
export const REPORT_UPLOAD_TTL_MINUTES = 60;
/** The texts of the report upload's refusals (our own: the spec gives none). */
export const REPORT_UPLOAD_MESSAGES = {
  titleRequired: 'Please give the report a title.',
  titleMax: `The report title cannot be longer than ${REPORT_UPLOAD_LIMITS.title} characters.`,
  auditTitleMax: `The audit title cannot be longer than ${REPORT_UPLOAD_LIMITS.title} characters.`,
  columnsRequired: 'A report to print needs at least one column.',
  tooManyColumns: `A printed report has at most ${REPORT_UPLOAD_LIMITS.columns} columns.`,
  columnMax: 'A column header cannot be longer than 100 characters.',
  tooManyRows: `A printed report has at most ${REPORT_UPLOAD_LIMITS.rows.toLocaleString('en-US')} rows. Narrow the search to print it.`,
  cellMax: `A cell of a printed report cannot be longer than ${REPORT_UPLOAD_LIMITS.cell.toLocaleString('en-US')} characters.`,
  rowTooWide: 'A row of a printed report cannot have more cells than there are columns.',
  idInUse: 'This report id is already in use. Please print the report again.',
  tooLarge: 'The report is too large to print. Print fewer rows or columns.',
  /** GET /reports/{id} when the server is already printing as many reports as it runs at once and queues. */
  busy: 'Too many reports are being printed right now. Please try again in a minute.',
} as const;
export const reportUploadSchema = z.object({
  id: id(),
  /** The report's name: the PDF's title. */
  title: z
    .string()
    .trim()
    .min(1, REPORT_UPLOAD_MESSAGES.titleRequired)
    .max(REPORT_UPLOAD_LIMITS.title, REPORT_UPLOAD_MESSAGES.titleMax),
  auditTitle: z.string().trim().max(REPORT_UPLOAD_LIMITS.title, REPORT_UPLOAD_MESSAGES.auditTitleMax).default('Report'),
  /** The reader's zone for the printed date: an IANA zone, else the x-timezone-offset header. */
  timezone: z.string().max(64).refine(isTimeZone, ANALYSIS_MESSAGES.invalidTimezone).optional(),
  data: z
    .object({
      columns: z
        .array(z.string().max(100, REPORT_UPLOAD_MESSAGES.columnMax))
        .min(1, REPORT_UPLOAD_MESSAGES.columnsRequired)
        .max(REPORT_UPLOAD_LIMITS.columns, REPORT_UPLOAD_MESSAGES.tooManyColumns),
      rows: z
        .array(
          z
            .array(z.string().max(REPORT_UPLOAD_LIMITS.cell, REPORT_UPLOAD_MESSAGES.cellMax))
            .max(REPORT_UPLOAD_LIMITS.columns, REPORT_UPLOAD_MESSAGES.tooManyColumns),
        )
        .max(REPORT_UPLOAD_LIMITS.rows, REPORT_UPLOAD_MESSAGES.tooManyRows),
    })
    .refine((data) => data.rows.every((row) => row.length <= data.columns.length), {
      message: REPORT_UPLOAD_MESSAGES.rowTooWide,
    }),
});
export type ReportUpload = z.input<typeof reportUploadSchema>;

/** The answer of POST /reports: the upload's id and when it expires (ISO). */
export const reportUploadResultSchema = z.object({ id: z.string(), expiresAt: z.string() });
export type ReportUploadResult = z.infer<typeof reportUploadResultSchema>;
