import { formatDateTime } from '@blotter/shared';
import type { TableDocument } from '../../platform/pdf-table';
import type { ReportData } from './report-uploads.queries';

/**
 * The offset of an IANA zone at a moment, in minutes as Date#getTimezoneOffset counts them (300 in
 * Toronto in winter, 240 in summer): the zone's summer time is that of the moment printed.
 */
export function zoneOffsetAt(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const instant = Math.floor(at.getTime() / 1000) * 1000;
  return Math.round((instant - wall) / 60_000);
}

/** The reader's offset at `at`: their IANA zone when the upload named one, else the offset it was sent with. */
export function readerOffset(upload: { timezone: string | null; timezoneOffset: number }, at: Date): number {
  if (!upload.timezone) return upload.timezoneOffset;
  try {
    return zoneOffsetAt(upload.timezone, at);
  } catch {
    // A zone this runtime no longer knows (checked when uploaded): the offset sent with it.
    return upload.timezoneOffset;
  }
}

export interface ReportPrintOptions {
  title: string;
  data: ReportData;
  companyName: string;
  logo: Buffer | undefined;
  dateFormat: number;
  timezoneOffset: number;
  printedBy: string;
  printedAt: Date;
}

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

/**
 * A search report as printed (spec 2 §4): the report's name as the title under the company's name
 * and logo, when and by whom it was printed in the reader's time and the company's date format,
 * then the uploaded rows under their column headers.
 */
export function reportPrintDocument(options: ReportPrintOptions): TableDocument {
  const printed = `Printed ${formatDateTime(options.printedAt, options.dateFormat, options.timezoneOffset)} by ${options.printedBy}`;
  return {
    companyName: options.companyName,
    logo: options.logo,
    title: options.title,
    subtitle: `${printed} · ${count(options.data.rows.length)}`,
    columns: options.data.columns,
    rows: options.data.rows,
    empty: 'The report found no incidents.',
    footer: `${options.title} · ${printed}`,
  };
}
