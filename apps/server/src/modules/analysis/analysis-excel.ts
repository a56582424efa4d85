import type { AnalysisFrequency, AnalysisResult } from '@blotter/shared';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The heading of the bucket column per frequency. */
const BUCKET_HEADINGS: Record<AnalysisFrequency, string> = {
  day: 'Day',
  weekday: 'Day of week',
  month: 'Month',
  year: 'Year',
  hour: 'Hour',
  class: 'Incident class',
  repeatSubjects: 'Subject',
};

const SHEET_NAME_MAX = 31;

/**
 * Sheet names Excel accepts, one per period, each different: at most 31 characters, none of
 * []:*?/\, not starting or ending with an apostrophe, not 'History' (reserved), compared without
 * case; a repeated name gets ' (2)', ' (3)'… within the limit. A slash becomes a hyphen, so a date
 * keeps the company's order with a separator Excel accepts ('01/03/2026' reads '01-03-2026').
 */
export function sheetNames(periodNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return periodNames.map((periodName, index) => {
    let base = periodName
      .replace(/[/\\]/g, '-')
      .replace(/[[\]:*?\p{Cc}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '')
      .trim();
    if (!base || base.toLowerCase() === 'history') base = `Period ${index + 1}`;
    base = base.slice(0, SHEET_NAME_MAX).trim();
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${base.slice(0, SHEET_NAME_MAX - suffix.length).trim()}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/** The .xlsx file name of an analysis: its title, without characters file systems refuse. */
export function xlsxFileName(title: string): string {
  const name = title
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name || 'Analysis'}.xlsx`;
}

/**
 * The workbook of an analysis (spec 2 §2: the excel report type): one sheet per period, named after
 * it, with the bucket label and count of each bucket in order and a totals row. exceljs is loaded at
 * the first workbook, not with the server (its code is several MB of memory).
 */
export async function analysisWorkbook(result: AnalysisResult): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Blotter';
  workbook.title = result.name;
  const names = sheetNames(result.series.map((series) => series.periodName));
  result.series.forEach((series, index) => {
    const sheet = workbook.addWorksheet(names[index]);
    sheet.columns = [
      { header: BUCKET_HEADINGS[result.frequency], key: 'label', width: 24 },
      { header: result.frequency === 'repeatSubjects' ? 'Incidents' : 'Count', key: 'count', width: 12 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.addRows(series.data.map((bucket) => ({ label: bucket.label, count: bucket.count })));
    // Repeat subjects share incidents: their counts add up to no number of incidents, so no total.
    if (result.frequency === 'repeatSubjects') return;
    const total = series.data.reduce((sum, bucket) => sum + bucket.count, 0);
    sheet.addRow({ label: 'Total', count: total }).font = { bold: true };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
