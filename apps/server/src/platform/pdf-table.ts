import { COLORS, createPdf, drawText, pdfBytes, printed, selectFont, writeHeader, writePageFooter } from './pdf';
import type { PrintedText } from './pdf-fonts';
import { Pacer } from './pdf-pacer';
import { type CellLayout, TableLines } from './pdf-table-lines';
import { TextBatch } from './pdf-text-batch';

/** A list printed as a table (a search report): its header as in renderPdf, then the rows. */
export interface TableDocument {
  companyName: string;
  /** PNG or JPEG bytes of the company logo. */
  logo?: Buffer | undefined;
  title: string;
  subtitle?: string;
  columns: string[];
  rows: string[][];
  /** Shown instead of the table when there are no rows. */
  empty: string;
  footer: string;
}

const MARGIN = 36;
const FONT_SIZE = 8;
const PAD = 3;
/** Room kept under the last row for the footer. */
const FOOTER_ROOM = 6;
/** A column is never narrower than this, nor (when others need room) wider than this. */
const MIN_COLUMN = 34;
const MAX_COLUMN = 260;

const LETTER = { width: 612, height: 792 };
const contentWidth = (layout: 'portrait' | 'landscape') =>
  (layout === 'portrait' ? LETTER.width : LETTER.height) - MARGIN * 2;

/**
 * How wide each column would like to be: the wider of its header and its longest cell, judged from
 * the number of characters (measuring every cell of 10,000 rows would cost as much as printing
 * them), within MIN_COLUMN and MAX_COLUMN.
 */
function desiredWidths(pdf: PDFKit.PDFDocument, columns: PrintedText[], rows: readonly string[][]): number[] {
  const averageChar = FONT_SIZE * 0.55;
  const longest = columns.map(() => 0);
  for (const row of rows) {
    for (let c = 0; c < columns.length; c++) {
      const text = row[c] ?? '';
      // Most cells are one line: no need to split them.
      const length = text.includes('\n') ? Math.max(...text.split('\n').map(textLength)) : textLength(text);
      if (length > (longest[c] ?? 0)) longest[c] = length;
    }
  }
  return columns.map((header, c) => {
    selectFont(pdf, header);
    const headerWidth = pdf.fontSize(FONT_SIZE).widthOfString(header.text);
    const wanted = Math.max(headerWidth, (longest[c] ?? 0) * averageChar) + PAD * 2 + 1;
    return Math.min(MAX_COLUMN, Math.max(MIN_COLUMN, wanted));
  });
}

/** CJK and Hangul characters: each about two Latin characters wide. */
const WIDE = /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\uff00-\uff60]/gu;
const WIDE_ANY = new RegExp(WIDE.source, 'u');
/** A line's length in average Latin characters. */
const textLength = (line: string) => line.length + (WIDE_ANY.test(line) ? (line.match(WIDE)?.length ?? 0) : 0);

/**
 * The columns' widths on a page `total` wide: every column gets what it wants when that fits, and
 * the room is otherwise shared so that narrow columns keep their width and the wide ones share the
 * rest equally; spare room is handed out in proportion.
 */
export function fitColumns(desired: number[], total: number): number[] {
  const sum = desired.reduce((a, b) => a + b, 0);
  if (sum <= total) return desired.map((w) => (w * total) / sum);
  const widths = new Array<number>(desired.length).fill(0);
  let open = desired.map((_, i) => i);
  let room = total;
  while (open.length > 0) {
    const share = room / open.length;
    const fits = open.filter((i) => (desired[i] ?? 0) <= share);
    if (fits.length === 0) {
      for (const i of open) widths[i] = share;
      break;
    }
    for (const i of fits) {
      widths[i] = desired[i] ?? 0;
      room -= widths[i] ?? 0;
    }
    open = open.filter((i) => !fits.includes(i));
  }
  return widths.map((w) => Math.max(w, Math.min(MIN_COLUMN, total / desired.length)));
}

/** Portrait when the columns fit it, landscape when they need the room. */
export function tableLayout(desired: number[]): 'portrait' | 'landscape' {
  return desired.reduce((a, b) => a + b, 0) <= contentWidth('portrait') ? 'portrait' : 'landscape';
}

/** How a table print is run: stopped when its reader leaves, watched by tests. */
export interface TableRenderOptions {
  /** Aborted when the reader left: no more rows are laid out, and the document is dropped. */
  signal?: AbortSignal | undefined;
  /** Told the number of rows drawn so far, after each row. */
  onRow?: ((drawn: number) => void) | undefined;
}

/** A table print under way: its bytes as they are written, and when it is over. */
export interface TableRender {
  pdf: PDFKit.PDFDocument;
  /** true when the document was written to its end, false when it was stopped (aborted, or the stream destroyed). */
  done: Promise<boolean>;
}

/**
 * Renders a table document as a stream: the header of every print, then the rows with the column
 * headers repeated at the top of each page, long cells wrapped within their column, 'Page n of m'
 * on every page. A row taller than a page (a cell of thousands of characters in a narrow column)
 * is cut at the page's height and ends with an ellipsis.
 *
 * Two passes over the rows, holding neither the laid-out rows nor the pages: the first only
 * measures, to know which row starts each page and so the page count; the second lays each row
 * out again (cheap: word widths are cached per face, TableLines) and draws it, and each page is
 * written to the stream when the next starts. Both passes let other requests run every few
 * milliseconds, wait while the reader has not taken the last megabyte, and stop when the reader
 * leaves (the stream destroyed, or `signal` aborted).
 */
export function streamTablePdf(doc: TableDocument, options: TableRenderOptions = {}): TableRender {
  const pdf = createPdf({ title: doc.title, author: doc.companyName, autoFirstPage: false, bufferPages: false });
  const done = layOut(pdf, doc, options).then(
    (complete) => {
      if (!complete) pdf.destroy();
      return complete;
    },
    (error: unknown) => {
      pdf.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    },
  );
  return { pdf, done };
}

/** The whole PDF of a table document (tests, and prints small enough to hold). */
export async function renderTablePdf(doc: TableDocument): Promise<Buffer> {
  const { pdf, done } = streamTablePdf(doc);
  const bytes = pdfBytes(pdf);
  await done;
  return bytes;
}

async function layOut(pdf: PDFKit.PDFDocument, doc: TableDocument, options: TableRenderOptions): Promise<boolean> {
  const pacer = new Pacer(pdf, options.signal);
  const columns = doc.columns.map((header) => printed(header, 'bold'));
  const cellsOf = (row: readonly string[] | undefined) => columns.map((_, c) => printed(row?.[c] ?? '', 'regular'));
  const desired = desiredWidths(pdf, columns, doc.rows);
  const layout = tableLayout(desired);
  // Every page is added with the table's layout: addPage() alone would take the document's.
  const addPage = () => pdf.addPage({ size: 'LETTER', layout, margin: MARGIN });
  addPage();
  const widths = fitColumns(desired, contentWidth(layout));
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const tableWidth = contentWidth(layout);
  const pageBottom = pdf.page.height - MARGIN - FOOTER_ROOM;

  writeHeader(pdf, doc);
  if (doc.rows.length === 0) {
    pdf.fillColor(COLORS.muted).fontSize(10);
    drawText(pdf, printed(doc.empty, 'italic'), MARGIN, pdf.y);
    writePageFooter(pdf, doc.footer, 1, 1);
    pdf.end();
    return true;
  }

  const lines = new TableLines(pdf, FONT_SIZE);
  const batch = new TextBatch(pdf, FONT_SIZE);
  // The footer as writePageFooter sets it (8 pt, muted, 'Page n of m' at the right), laid out once:
  // through pdfkit's line wrapper on each of thousands of pages it cost a tenth of the print.
  const footerWidth = tableWidth - 80;
  const footer = lines.layout(printed(doc.footer, 'regular'), footerWidth, lines.lineHeight('regular'));
  const writeFooter = (page: number, count: number) => {
    if (!footer.lines) {
      writePageFooter(pdf, doc.footer, page, count);
      return;
    }
    const y = pdf.page.height - MARGIN + 16;
    pdf.fillColor(COLORS.muted);
    selectFont(pdf, footer);
    const [line = ''] = footer.lines;
    if (line && !batch.add(line, MARGIN, y)) pdf.text(line, MARGIN, y, { lineBreak: false });
    const number = `Page ${page} of ${count}`;
    pdf.font('regular').fontSize(FONT_SIZE);
    batch.add(number, MARGIN + tableWidth - pdf.widthOfString(number), y);
    batch.flush();
  };
  const measure = (texts: PrintedText[], maxHeight: number): CellLayout[] =>
    texts.map((text, c) => lines.layout(text, (widths[c] ?? MIN_COLUMN) - PAD * 2, maxHeight));
  const heightOf = (cells: CellLayout[]) => Math.max(...cells.map((cell) => cell.height)) + PAD * 2;
  const drawRow = (cells: CellLayout[], fill: string | undefined, color: string) => {
    const top = pdf.y;
    const height = heightOf(cells);
    if (fill) pdf.rect(MARGIN, top, tableWidth, height).fill(fill);
    pdf.fillColor(color).fontSize(FONT_SIZE);
    cells.forEach((cell, c) => {
      const x = (xs[c] ?? MARGIN) + PAD;
      const width = (widths[c] ?? MIN_COLUMN) - PAD * 2;
      if (!cell.lines) {
        drawText(pdf, cell, x, top + PAD, { width, height: cell.height, ellipsis: true });
        return;
      }
      selectFont(pdf, cell);
      const lineHeight = lines.lineHeight(cell.font);
      cell.lines.forEach((line, i) => {
        const lineTop = top + PAD + i * lineHeight;
        if (line && !batch.add(line, x, lineTop)) pdf.text(line, x, lineTop, { lineBreak: false });
      });
    });
    batch.flush();
    pdf
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + tableWidth, top + height)
      .lineWidth(0.5)
      .stroke(COLORS.rule);
    pdf.x = MARGIN;
    pdf.y = top + height;
  };

  const fullPage = pageBottom - MARGIN - PAD * 2;
  const headerCells = measure(columns, fullPage / 3);
  const headerHeight = heightOf(headerCells);
  const rowRoom = fullPage - headerHeight;
  const tableTop = pdf.y;
  // Only the first row under the header of the first page can be taller than the room left: it is cut there.
  const firstRowRoom = pageBottom - (tableTop + headerHeight) - PAD * 2;
  const roomOf = (r: number) => (r === 0 ? Math.min(rowRoom, firstRowRoom) : rowRoom);

  // First pass: the index of each page's first row.
  const pageStarts = [0];
  let y = tableTop + headerHeight;
  for (let r = 0; r < doc.rows.length; r++) {
    await pacer.pace();
    if (pacer.stopped) return false;
    const height = heightOf(measure(cellsOf(doc.rows[r]), roomOf(r)));
    if (r > 0 && height > pageBottom - y) {
      pageStarts.push(r);
      y = MARGIN + headerHeight;
    }
    y += height;
  }

  // Second pass: each page with the column headers, its rows and its footer.
  let drawn = 0;
  for (let page = 0; page < pageStarts.length; page++) {
    if (page > 0) {
      addPage();
      pdf.y = MARGIN;
    } else pdf.y = tableTop;
    drawRow(headerCells, COLORS.band, COLORS.brand);
    const end = pageStarts[page + 1] ?? doc.rows.length;
    for (let r = pageStarts[page] ?? 0; r < end; r++) {
      await pacer.pace(r === 0);
      if (pacer.stopped) return false;
      drawRow(measure(cellsOf(doc.rows[r]), roomOf(r)), r % 2 === 1 ? '#f7f9fb' : undefined, COLORS.text);
      drawn += 1;
      options.onRow?.(drawn);
    }
    writeFooter(page + 1, pageStarts.length);
  }
  pdf.end();
  return true;
}
