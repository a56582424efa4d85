import PDFDocument from 'pdfkit';
import { drawText, loadFonts, type PrintedText, printed, selectFont } from './pdf-fonts';

export { drawText, printed, selectFont };

/** A labelled value; long texts (rich-text fields) are printed as paragraphs under their label. */
export type PrintField = { label: string; value: string; paragraph?: boolean };

export interface PrintBlock {
  /** e.g. the person's name within 'Persons (2)'. */
  heading?: string;
  fields: PrintField[];
  /** A JPEG or PNG shown at the right of the block (a person's picture). */
  image?: Buffer | undefined;
}

export interface PrintSection {
  title: string;
  blocks: PrintBlock[];
  /** Shown when the section has no blocks. */
  empty?: string;
}

export interface PrintDocument {
  companyName: string;
  /** PNG or JPEG bytes of the company logo. */
  logo?: Buffer | undefined;
  title: string;
  subtitle?: string;
  sections: PrintSection[];
  footer: string;
}

const MARGIN = 50;
/** Width of a label within a grid cell, and the space between the two cells of a row. */
const CELL_LABEL_WIDTH = 100;
const CELL_GAP = 16;
const IMAGE_SIZE = 72;
/** The print's colours (the table print shares them). */
export const COLORS = { text: '#1c2430', muted: '#5a6675', rule: '#d0d7e2', band: '#eef2f7', brand: '#0d3b66' };

/** What a new PDF is opened with. */
export interface PdfOptions {
  title: string;
  author: string;
  layout?: 'portrait' | 'landscape';
  margin?: number;
  /** false: the caller adds the first page (after measuring text, to choose its layout). */
  autoFirstPage?: boolean;
  /**
   * false: each page is written out when the next one starts (a long table, whose pages would
   * otherwise all be held until the end); the caller then writes each page's footer itself.
   */
  bufferPages?: boolean;
}

/**
 * A new PDF in Noto Sans, with its pages buffered (for the page numbers) unless told otherwise.
 * The document is a readable stream of its bytes: pipe it, or collect them with pdfBytes.
 */
export function createPdf(options: PdfOptions): PDFKit.PDFDocument {
  const pdf = new PDFDocument({
    size: 'LETTER',
    autoFirstPage: options.autoFirstPage ?? true,
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? MARGIN,
    bufferPages: options.bufferPages ?? true,
    // The document information is stored as UTF-16 text: it needs no glyphs.
    info: { Title: options.title, Author: options.author, Creator: 'Blotter' },
  });
  for (const [style, font] of Object.entries(loadFonts().fonts)) pdf.registerFont(style, font);
  return pdf;
}

/** All the bytes of a PDF once it ends. */
export function pdfBytes(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/** A new PDF (createPdf) and its bytes once it ends. */
export function openPdf(options: PdfOptions): { pdf: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const pdf = createPdf(options);
  return { pdf, bytes: pdfBytes(pdf) };
}

/**
 * The first page's header: the logo (if any and readable) with the company name, then the title
 * and the subtitle beside it; leaves pdf.y below the header.
 */
export function writeHeader(
  pdf: PDFKit.PDFDocument,
  doc: { companyName: string; logo?: Buffer | undefined; title: string; subtitle?: string | undefined },
) {
  const left = pdf.page.margins.left;
  const top = pdf.page.margins.top;
  const width = pdf.page.width - left - pdf.page.margins.right;
  let textX = left;
  if (doc.logo) {
    try {
      pdf.image(doc.logo, left, top, { fit: [64, 64] });
      textX = left + 76;
    } catch {
      // An unreadable logo must not stop the print.
    }
  }
  pdf.fillColor(COLORS.brand).fontSize(16);
  drawText(pdf, printed(doc.companyName, 'bold'), textX, top + 8, { width: width - (textX - left) });
  pdf.fillColor(COLORS.text).fontSize(20);
  drawText(pdf, printed(doc.title, 'bold'), textX, pdf.y + 4, { width: width - (textX - left) });
  if (doc.subtitle) {
    pdf.fillColor(COLORS.muted).fontSize(11);
    drawText(pdf, printed(doc.subtitle, 'regular'), textX, pdf.y + 2, { width: width - (textX - left) });
  }
  pdf.y = Math.max(pdf.y, top + 70) + 10;
}

/**
 * The footer and 'Page n of m' of the current page, inside the bottom margin: with the margin in
 * place pdfkit would take the footer for an overflowing line and start a new page for it.
 */
export function writePageFooter(pdf: PDFKit.PDFDocument, footer: string, number: number, count: number) {
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const bottom = pdf.page.margins.bottom;
  pdf.page.margins.bottom = 0;
  const y = pdf.page.height - bottom + 16;
  pdf.fillColor(COLORS.muted).fontSize(8);
  drawText(pdf, printed(footer, 'regular'), left, y, { width: width - 80, lineBreak: false });
  pdf
    .font('regular')
    .text(`Page ${number} of ${count}`, left + width - 80, y, { width: 80, align: 'right', lineBreak: false });
  pdf.page.margins.bottom = bottom;
}

/** The footer and page number on every page of a document whose pages are buffered. */
export function writePageFooters(pdf: PDFKit.PDFDocument, footer: string) {
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    writePageFooter(pdf, footer, i + 1, range.count);
  }
}

/** Renders a document to PDF bytes: letter size, a header with logo and company, titled sections. */
export function renderPdf(doc: PrintDocument): Promise<Buffer> {
  const { pdf, bytes } = openPdf({ title: doc.title, author: doc.companyName });
  const width = pdf.page.width - MARGIN * 2;
  writeHeader(pdf, doc);

  for (const section of doc.sections) writeSection(pdf, section, width);

  writePageFooters(pdf, doc.footer);
  pdf.end();
  return bytes;
}

/** A titled section of renderPdf's layout (a band with its title, then its blocks), `width` wide. */
export function writeSection(pdf: PDFKit.PDFDocument, section: PrintSection, width: number) {
  ensureSpace(pdf, 60);
  const top = pdf.y;
  pdf.rect(MARGIN, top, width, 22).fill(COLORS.band);
  pdf.fillColor(COLORS.brand).fontSize(12);
  drawText(pdf, printed(section.title, 'bold'), MARGIN + 8, top + 6, { width });
  pdf.y = top + 30;
  if (section.blocks.length === 0 && section.empty) {
    pdf.fillColor(COLORS.muted).fontSize(10);
    drawText(pdf, printed(section.empty, 'italic'), MARGIN, pdf.y, { width });
    pdf.moveDown(0.8);
  }
  for (const block of section.blocks) writeBlock(pdf, block, width);
  pdf.moveDown(0.4);
}

/** A new page unless `needed` points fit above the footer. */
export function ensureSpace(pdf: PDFKit.PDFDocument, needed: number) {
  if (pdf.y + needed > pdf.page.height - MARGIN - 20) pdf.addPage();
}

/**
 * A block: its heading, then its short fields two to a row (label beside value) and its paragraphs
 * across the whole width; a picture sits at the top right and narrows the rows beside it.
 */
function writeBlock(pdf: PDFKit.PDFDocument, block: PrintBlock, width: number) {
  ensureSpace(pdf, block.image ? IMAGE_SIZE + 20 : 40);
  const top = pdf.y;
  let besideWidth = width;
  let imageBottom = top;
  if (block.image) {
    try {
      pdf.image(block.image, MARGIN + width - IMAGE_SIZE, top, { fit: [IMAGE_SIZE, IMAGE_SIZE] });
      besideWidth = width - IMAGE_SIZE - 12;
      imageBottom = top + IMAGE_SIZE + 4;
    } catch {
      // An unreadable picture must not stop the print.
    }
  }
  if (block.heading) {
    pdf.fillColor(COLORS.text).fontSize(11);
    drawText(pdf, printed(block.heading, 'bold'), MARGIN, top, { width: besideWidth });
    pdf.moveDown(0.3);
  }
  const page = pdf.page;
  // The picture only narrows what is beside it, on its own page.
  const available = () => (pdf.page === page && pdf.y < imageBottom ? besideWidth : width);
  const { fields } = block;
  for (let i = 0; i < fields.length; ) {
    const field = fields[i];
    if (!field) break;
    if (field.paragraph) {
      writeParagraph(pdf, field, available());
      i += 1;
      continue;
    }
    const next = fields[i + 1];
    const row = next && !next.paragraph ? [field, next] : [field];
    writeRow(pdf, row, available());
    i += row.length;
  }
  if (pdf.page === page) pdf.y = Math.max(pdf.y, imageBottom);
  pdf.moveDown(0.6);
}

const shownValue = (field: PrintField): PrintedText => printed(field.value.trim() || '—', 'regular');

function writeParagraph(pdf: PDFKit.PDFDocument, field: PrintField, width: number) {
  ensureSpace(pdf, 36);
  pdf.fillColor(COLORS.muted).fontSize(9);
  drawText(pdf, printed(field.label, 'bold'), MARGIN, pdf.y, { width });
  const value = shownValue(field);
  pdf.fillColor(COLORS.text).fontSize(10);
  drawText(pdf, value, MARGIN, pdf.y + 2, { width });
  pdf.moveDown(0.4);
}

/** One row of the grid: one or two short fields, each a label with its value beside it. */
function writeRow(pdf: PDFKit.PDFDocument, fields: PrintField[], width: number) {
  const cellWidth = (width - CELL_GAP) / 2;
  const labelWidth = Math.min(CELL_LABEL_WIDTH, cellWidth / 2);
  const valueWidth = cellWidth - labelWidth;
  const cells = fields.map((field) => ({ label: printed(field.label, 'bold'), value: shownValue(field) }));
  let height = 0;
  for (const cell of cells) {
    selectFont(pdf, cell.label);
    const labelHeight = pdf.fontSize(9).heightOfString(cell.label.text, { width: labelWidth - 6 });
    selectFont(pdf, cell.value);
    height = Math.max(height, labelHeight, pdf.fontSize(10).heightOfString(cell.value.text, { width: valueWidth }));
  }
  // Keep a row on one page; a row taller than a page (never from the forms' limits) runs over.
  ensureSpace(pdf, Math.min(height, 200) + 3);
  const top = pdf.y;
  cells.forEach((cell, k) => {
    const x = MARGIN + k * (cellWidth + CELL_GAP);
    pdf.fillColor(COLORS.muted).fontSize(9);
    drawText(pdf, cell.label, x, top + 1, { width: labelWidth - 6 });
    pdf.fillColor(COLORS.text).fontSize(10);
    drawText(pdf, cell.value, x + labelWidth, top, { width: valueWidth });
  });
  pdf.x = MARGIN;
  pdf.y = top + height + 3;
}
