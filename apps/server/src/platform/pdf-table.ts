import { COLORS, drawText, openPdf, printed, selectFont, writeHeader, writePageFooter } from './pdf';
import type { PrintedText } from './pdf-fonts';

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
/** Rows between two yields to the event loop, so a long print does not hold other requests. */
const ROWS_PER_SLICE = 100;

const LETTER = { width: 612, height: 792 };
const contentWidth = (layout: 'portrait' | 'landscape') =>
  (layout === 'portrait' ? LETTER.width : LETTER.height) - MARGIN * 2;

/**
 * How wide each column would like to be: the wider of its header and its longest cell, judged from
 * the number of characters (measuring every cell of 10,000 rows would cost as much as printing
 * them), within MIN_COLUMN and MAX_COLUMN.
 */
function desiredWidths(pdf: PDFKit.PDFDocument, columns: PrintedText[], rows: PrintedText[][]): number[] {
  const averageChar = FONT_SIZE * 0.55;
  return columns.map((header, c) => {
    let longest = 0;
    for (const row of rows) {
      for (const line of (row[c]?.text ?? '').split('\n')) longest = Math.max(longest, textLength(line));
    }
    selectFont(pdf, header);
    const headerWidth = pdf.fontSize(FONT_SIZE).widthOfString(header.text);
    const wanted = Math.max(headerWidth, longest * averageChar) + PAD * 2 + 1;
    return Math.min(MAX_COLUMN, Math.max(MIN_COLUMN, wanted));
  });
}

/** CJK and Hangul characters: each about two Latin characters wide. */
const WIDE = /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\uff00-\uff60]/gu;
/** A line's length in average Latin characters. */
const textLength = (line: string) => line.length + (line.match(WIDE)?.length ?? 0);

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

interface Cell extends PrintedText {
  /** Fits one line: drawn without pdfkit's line wrapper, which would measure each word again. */
  single: boolean;
  height: number;
}

/** Lets other requests run between slices of a long print. */
const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Renders a table document: the header of every print, then the rows with the column headers
 * repeated at the top of each page, long cells wrapped within their column, 'Page n of m' on every
 * page. A row taller than a page (a cell of thousands of characters in a narrow column) is cut at
 * the page's height and ends with an ellipsis.
 *
 * The rows are measured and split into pages first, so the page count is known before the first
 * page is drawn: each page is then drawn with its footer and written out when the next starts,
 * instead of holding every page until the end (which, for thousands of rows, stalled the process
 * for seconds collecting garbage and compressing them all at once). Both passes yield to the event
 * loop between slices of rows.
 */
export async function renderTablePdf(doc: TableDocument): Promise<Buffer> {
  const columns = doc.columns.map((header) => printed(header, 'bold'));
  const rows = doc.rows.map((row) => columns.map((_, c) => printed(row[c] ?? '', 'regular')));
  const { pdf, bytes } = openPdf({
    title: doc.title,
    author: doc.companyName,
    autoFirstPage: false,
    bufferPages: false,
  });
  const desired = desiredWidths(pdf, columns, rows);
  const layout = tableLayout(desired);
  // Every page is added with the table's layout: addPage() alone would take the document's.
  const addPage = () => pdf.addPage({ size: 'LETTER', layout, margin: MARGIN });
  addPage();
  const widths = fitColumns(desired, contentWidth(layout));
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const tableWidth = contentWidth(layout);
  const pageBottom = pdf.page.height - MARGIN - FOOTER_ROOM;

  writeHeader(pdf, doc);
  if (rows.length === 0) {
    pdf.fillColor(COLORS.muted).fontSize(10);
    drawText(pdf, printed(doc.empty, 'italic'), MARGIN, pdf.y);
    writePageFooter(pdf, doc.footer, 1, 1);
    pdf.end();
    return bytes;
  }

  const measure = (texts: PrintedText[], maxHeight: number): Cell[] =>
    texts.map((printedText, c) => {
      const { text } = printedText;
      selectFont(pdf, printedText);
      pdf.fontSize(FONT_SIZE);
      const inner = (widths[c] ?? MIN_COLUMN) - PAD * 2;
      const single = !text.includes('\n') && pdf.widthOfString(text) <= inner;
      const height = single ? pdf.currentLineHeight(true) : pdf.heightOfString(text, { width: inner });
      return { ...printedText, single, height: Math.min(height, maxHeight) };
    });
  const heightOf = (cells: Cell[]) => Math.max(...cells.map((cell) => cell.height)) + PAD * 2;
  const drawRow = (cells: Cell[], fill: string | undefined, color: string) => {
    const top = pdf.y;
    const height = heightOf(cells);
    if (fill) pdf.rect(MARGIN, top, tableWidth, height).fill(fill);
    pdf.fillColor(color).fontSize(FONT_SIZE);
    cells.forEach((cell, c) => {
      const x = (xs[c] ?? MARGIN) + PAD;
      const width = (widths[c] ?? MIN_COLUMN) - PAD * 2;
      if (cell.single) drawText(pdf, cell, x, top + PAD, { lineBreak: false });
      else drawText(pdf, cell, x, top + PAD, { width, height: cell.height, ellipsis: true });
    });
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

  // First pass: every row measured, and the pages they fall on (the index of each page's first row).
  const cellsOf: Cell[][] = [];
  const pageStarts = [0];
  let y = tableTop + headerHeight;
  for (let r = 0; r < rows.length; r++) {
    if (r > 0 && r % ROWS_PER_SLICE === 0) await yieldToEventLoop();
    let cells = measure(rows[r] ?? [], rowRoom);
    const room = pageBottom - y;
    if (heightOf(cells) > room) {
      if (r > (pageStarts.at(-1) ?? 0)) {
        pageStarts.push(r);
        y = MARGIN + headerHeight;
      } else {
        // The first row under the header of the first page: cut here rather than leave the page empty.
        cells = cells.map((cell) => ({ ...cell, height: Math.min(cell.height, room - PAD * 2) }));
      }
    }
    cellsOf.push(cells);
    y += heightOf(cells);
  }

  // Second pass: each page with the column headers, its rows and its footer.
  for (let page = 0; page < pageStarts.length; page++) {
    if (page > 0) {
      await yieldToEventLoop();
      addPage();
      pdf.y = MARGIN;
    } else pdf.y = tableTop;
    drawRow(headerCells, COLORS.band, COLORS.brand);
    const end = pageStarts[page + 1] ?? rows.length;
    for (let r = pageStarts[page] ?? 0; r < end; r++) {
      drawRow(cellsOf[r] ?? [], r % 2 === 1 ? '#f7f9fb' : undefined, COLORS.text);
    }
    writePageFooter(pdf, doc.footer, page + 1, pageStarts.length);
  }
  pdf.end();
  return bytes;
}
