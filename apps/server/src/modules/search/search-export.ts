import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  CSV_BOM,
  csvFileName,
  csvLine,
  type ResultColumnId,
  type ResultDisplayContext,
  resultColumn,
} from '@blotter/shared';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../../db/client';
import { searchBatch } from './search.queries';

/** Rows read per statement: large enough to amortise a round trip, small enough to start at once. */
export const EXPORT_BATCH = 2000;

export interface ExportPlan {
  title: string;
  columns: readonly ResultColumnId[];
  where: SQL;
  context: ResultDisplayContext;
  /** Runs one read in the user's company (a statement of its own, so other requests interleave). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** `filename*` of RFC 6266 (UTF-8, percent-encoded), with a plain ASCII fallback. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams every matching incident as CSV (UTF-8 with BOM, CRLF, formula-safe cells) in the given
 * columns and order, written with the same column texts as the results table. Reads in keyset
 * batches and waits for the client to drain, so memory stays flat however many rows there are.
 */
export async function streamSearchCsv(reply: FastifyReply, plan: ExportPlan): Promise<void> {
  const columns = plan.columns.map(resultColumn);
  const out = new PassThrough();
  const sent = reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(csvFileName(plan.title)))
    .header('cache-control', 'no-store')
    .send(out);
  try {
    out.write(CSV_BOM + csvLine(columns.map((column) => column.header)));
    let before: number | null = null;
    for (;;) {
      const rows = await plan.tenant((tx) => searchBatch(tx, plan.where, before, EXPORT_BATCH));
      let chunk = '';
      for (const row of rows) {
        chunk += csvLine(columns.map((column) => (column.exportText ?? column.text)(row, plan.context)));
      }
      if (chunk && !out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return;
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) break;
      before = last.number;
    }
    out.end();
  } catch (error) {
    // Headers are out: the client sees a cut file, the log the cause.
    out.destroy(error as Error);
    reply.log.error({ err: error }, 'search export failed');
  }
  await sent;
}
