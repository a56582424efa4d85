import PDFDocument from 'pdfkit';

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
const COLORS = { text: '#1c2430', muted: '#5a6675', rule: '#d0d7e2', band: '#eef2f7', brand: '#0d3b66' };

/** Characters of Unicode that WinAnsi lacks but that have a plain Latin look-alike. */
const LATIN_FALLBACK: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};
/** Code points above Latin-1 that WinAnsi (the standard PDF fonts' encoding) has. */
const WIN_ANSI_EXTRA = new Set('ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽž˜');

/**
 * Text the standard fonts can show. They encode WinAnsi only, and pdfkit writes any other
 * character as a code of more than one byte, which garbles the rest of the line; such characters
 * lose their accents (Ś → S), take a look-alike (Ł → L) or become '?'.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || code === 0x0a) {
      out += char;
      continue;
    }
    if (code === 0x09 || code === 0x0d) {
      out += ' ';
      continue;
    }
    if (WIN_ANSI_EXTRA.has(char)) {
      out += char;
      continue;
    }
    const fallback = LATIN_FALLBACK[char];
    if (fallback !== undefined) {
      out += fallback;
      continue;
    }
    const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base.length > 0 && [...base].every((c) => (c.codePointAt(0) ?? 0) < 0x100) ? base : '?';
  }
  return out;
}

/** Renders a document to PDF bytes: letter size, a header with logo and company, titled sections. */
export function renderPdf(doc: PrintDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: toWinAnsi(doc.title), Author: toWinAnsi(doc.companyName), Creator: 'Blotter' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - MARGIN * 2;

  // Header: logo (if any) and company name, then the title.
  let textX = MARGIN;
  if (doc.logo) {
    try {
      pdf.image(doc.logo, MARGIN, MARGIN, { fit: [64, 64] });
      textX = MARGIN + 76;
    } catch {
      // An unreadable logo must not stop the print.
    }
  }
  pdf
    .fillColor(COLORS.brand)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(toWinAnsi(doc.companyName), textX, MARGIN + 8, {
      width: width - (textX - MARGIN),
    });
  pdf
    .fillColor(COLORS.text)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(toWinAnsi(doc.title), textX, pdf.y + 4);
  if (doc.subtitle) {
    pdf
      .fillColor(COLORS.muted)
      .font('Helvetica')
      .fontSize(11)
      .text(toWinAnsi(doc.subtitle), textX, pdf.y + 2);
  }
  pdf.y = Math.max(pdf.y, MARGIN + 70) + 10;

  for (const section of doc.sections) {
    ensureSpace(pdf, 60);
    const top = pdf.y;
    pdf.rect(MARGIN, top, width, 22).fill(COLORS.band);
    pdf
      .fillColor(COLORS.brand)
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(toWinAnsi(section.title), MARGIN + 8, top + 6, { width });
    pdf.y = top + 30;
    if (section.blocks.length === 0 && section.empty) {
      pdf
        .fillColor(COLORS.muted)
        .font('Helvetica-Oblique')
        .fontSize(10)
        .text(toWinAnsi(section.empty), MARGIN, pdf.y, { width });
      pdf.moveDown(0.8);
    }
    for (const block of section.blocks) writeBlock(pdf, block, width);
    pdf.moveDown(0.4);
  }

  // Footer and page numbers on every page, inside the bottom margin: with the margin in place
  // pdfkit would take the footer for an overflowing line and start a new page for it.
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN + 16;
    pdf.fillColor(COLORS.muted).font('Helvetica').fontSize(8);
    pdf.text(toWinAnsi(doc.footer), MARGIN, y, { width: width - 80, lineBreak: false });
    pdf.text(`Page ${i + 1} of ${range.count}`, MARGIN + width - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return done;
}

function ensureSpace(pdf: PDFKit.PDFDocument, needed: number) {
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
    pdf
      .fillColor(COLORS.text)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(toWinAnsi(block.heading), MARGIN, top, { width: besideWidth });
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

const shownValue = (field: PrintField) => toWinAnsi(field.value.trim()) || '—';

function writeParagraph(pdf: PDFKit.PDFDocument, field: PrintField, width: number) {
  ensureSpace(pdf, 36);
  pdf.fillColor(COLORS.muted).font('Helvetica-Bold').fontSize(9).text(toWinAnsi(field.label), MARGIN, pdf.y, { width });
  pdf
    .fillColor(COLORS.text)
    .font('Helvetica')
    .fontSize(10)
    .text(shownValue(field), MARGIN, pdf.y + 2, { width });
  pdf.moveDown(0.4);
}

/** One row of the grid: one or two short fields, each a label with its value beside it. */
function writeRow(pdf: PDFKit.PDFDocument, fields: PrintField[], width: number) {
  const cellWidth = (width - CELL_GAP) / 2;
  const labelWidth = Math.min(CELL_LABEL_WIDTH, cellWidth / 2);
  const valueWidth = cellWidth - labelWidth;
  const cells = fields.map((field) => ({ label: toWinAnsi(field.label), value: shownValue(field) }));
  let height = 0;
  for (const cell of cells) {
    pdf.font('Helvetica-Bold').fontSize(9);
    const labelHeight = pdf.heightOfString(cell.label, { width: labelWidth - 6 });
    pdf.font('Helvetica').fontSize(10);
    height = Math.max(height, labelHeight, pdf.heightOfString(cell.value, { width: valueWidth }));
  }
  // Keep a row on one page; a row taller than a page (never from the forms' limits) runs over.
  ensureSpace(pdf, Math.min(height, 200) + 3);
  const top = pdf.y;
  cells.forEach((cell, k) => {
    const x = MARGIN + k * (cellWidth + CELL_GAP);
    pdf
      .fillColor(COLORS.muted)
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(cell.label, x, top + 1, { width: labelWidth - 6 });
    pdf
      .fillColor(COLORS.text)
      .font('Helvetica')
      .fontSize(10)
      .text(cell.value, x + labelWidth, top, { width: valueWidth });
  });
  pdf.x = MARGIN;
  pdf.y = top + height + 3;
}
