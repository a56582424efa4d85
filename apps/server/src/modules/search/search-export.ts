import { pipeline, Readable, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import {
  CSV_BOM,
  csvField,
  csvFileName,
  csvLine,
  type ResultColumn,
  type ResultColumnId,
  type ResultDisplayContext,
  type ResultRow,
  resultColumn,
} from '@blotter/shared';
import negotiate from '@fastify/accept-negotiator';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../../db/client';
import { contentDisposition } from '../../plugins/content-disposition';
import type { RowParts } from '../incidents/incidents.queries';
import { batchRows, rowsOfValue } from './search-export-rows';

/** Rows read per statement: large enough to amortise a round trip, small enough to start at once. */
export const EXPORT_BATCH = 1000;
/** Batches read at once (the database server's cores, here two). */
const READ_AHEAD = 2;

export interface ExportPlan {
  title: string;
  columns: readonly ResultColumnId[];
  /** The numbers of the matches in the results' order (matchingNumbers, read before the answer starts). */
  numbers: readonly number[];
  /** What the user may find at all (searchableSql), checked again as each batch is read. */
  visible: SQL;
  context: ResultDisplayContext;
  /** Runs one read in the user's company (a statement of its own, so other requests interleave). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** The card lists the columns show: the others are not read. */
function partsFor(columns: readonly ResultColumnId[]): RowParts {
  const has = (id: ResultColumnId) => columns.includes(id);
  return {
    persons: has('persons'),
    companies: has('legalEntities'),
    vehicles: has('vehicles'),
    items: has('items'),
    correctiveActions: has('correctiveActions'),
  };
}

/**
 * The export text of a column as a function of the row, each text of a column that declares it the
 * same for the same key (sameTextFor: a lookup's id) worked out once for the whole export.
 */
function cellText(column: ResultColumn, context: ResultDisplayContext): (row: ResultRow) => string {
  const text = column.exportText ?? column.text;
  const keyOf = column.sameTextFor;
  if (!keyOf) return (row) => text(row, context);
  const known = new Map<string | null, string>();
  return (row) => {
    const key = keyOf(row);
    let value = known.get(key);
    if (value === undefined) {
      value = text(row, context);
      known.set(key, value);
    }
    return value;
  };
}

/** The CSV's text in pieces: the BOM and header, then a piece per value of a batch (at most 50 rows, see batchRows). */
async function* csvPieces(plan: ExportPlan): AsyncGenerator<string> {
  const columns = plan.columns.map(resultColumn);
  const cells = columns.map((column) => cellText(column, plan.context));
  const parts = partsFor(plan.columns);
  // csvLine of each row's cells, without an array of cells a row.
  const piece = (rows: readonly ResultRow[]) => {
    let text = '';
    for (const row of rows) {
      let line = '';
      for (let c = 0; c < cells.length; c++)
        line += c === 0 ? csvField(cells[c]?.(row) ?? '') : `,${csvField(cells[c]?.(row) ?? '')}`;
      text += `${line}\r\n`;
    }
    return text;
  };
  yield CSV_BOM + csvLine(columns.map((column) => column.header));
  // The matches were listed first (numbers only); they are read in batches by number, READ_AHEAD at
  // a time: on PostgreSQL each on a connection of its own, so the batches' statements run side by side.
  // A batch waits as its values' JSON texts; each value is parsed and written as CSV only when the
  // client has taken the one before (see batchRows).
  const { numbers } = plan;
  const batches: number[][] = [];
  for (let at = 0; at < numbers.length; at += EXPORT_BATCH) batches.push(numbers.slice(at, at + EXPORT_BATCH));
  const read = (batch: readonly number[]) => {
    const text = plan.tenant((tx) => batchRows(tx, plan.visible, batch, parts));
    // Settled here too: a client that leaves stops the generator with reads still under way.
    text.catch(() => {});
    return text;
  };
  const reads = batches.slice(0, READ_AHEAD).map(read);
  for (let k = 0; k < batches.length; k++) {
    const values = (await reads.shift()) ?? [];
    const next = batches[k + READ_AHEAD];
    if (next) reads.push(read(next));
    for (const value of values) yield piece(rowsOfValue(value));
  }
}

/**
 * The export's own compression, at the fastest levels: the file is tens of megabytes of text read
 * as fast as the database answers, and the answers' usual levels (gzip 6, brotli 4, see
 * plugins/compression.ts) cost the server more CPU than building the CSV. Gzip 1 and brotli 1
 * still make the CSV several times smaller.
 */
const EXPORT_COMPRESSION: Record<string, () => Transform> = {
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  gzip: () => createGzip({ level: 1 }),
};

/**
 * Streams every matching incident as CSV (UTF-8 with BOM, CRLF, formula-safe cells) in the given
 * columns and order, written with the same column texts as the results table, compressed as the
 * client accepts (EXPORT_COMPRESSION; the compression plugin leaves an answer with its own
 * Content-Encoding alone). A batch is read only when the client has taken the previous one
 * (Readable.from waits for the stream to drain), and a client that goes away stops the reading,
 * so memory stays flat however many rows there are.
 */
export async function streamSearchCsv(reply: FastifyReply, plan: ExportPlan): Promise<void> {
  const csv = Readable.from(csvPieces(plan), { objectMode: false });
  const encoding = negotiate(reply.request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  const compress = encoding ? EXPORT_COMPRESSION[encoding] : undefined;
  // Headers are out before a later batch can fail: the client then sees a cut file, the log the cause.
  const failed = (error: unknown) => {
    if (error) reply.log.error({ err: error }, 'search export failed');
  };
  const body = compress ? pipeline(csv, compress(), failed) : csv.on('error', failed);
  reply.header('vary', 'accept-encoding');
  if (compress && encoding) reply.header('content-encoding', encoding);
  try {
    // A reply is awaited until the answer is out (or the client has gone: a rejection, nothing to answer).
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(csvFileName(plan.title), { type: 'attachment' }))
      .header('cache-control', 'no-store')
      .send(body);
  } catch {
    body.destroy();
  }
}
