import PDFDocument from 'pdfkit';

/** A labelled value; long texts (rich-text fields) are printed as paragraphs under their label. */
export type PrintField = { label: string; value: string; paragraph?: boolean };

export interface PrintBlock {
  /** e.g. the person's name within 'Persons (2)'. */
  heading?: string;
  fields: PrintField[];
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
const LABEL_WIDTH = 150;
const COLORS = { text: '#1c2430', muted: '#5a6675', rule: '#d0d7e2', band: '#eef2f7', brand: '#0d3b66' };

/** Renders a document to PDF bytes: letter size, a header with logo and company, titled sections. */
export function renderPdf(doc: PrintDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: doc.title, Author: doc.companyName, Creator: 'Blotter' },
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
  pdf.fillColor(COLORS.brand).font('Helvetica-Bold').fontSize(16).text(doc.companyName, textX, MARGIN + 8, {
    width: width - (textX - MARGIN),
  });
  pdf.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(20).text(doc.title, textX, pdf.y + 4);
  if (doc.subtitle) pdf.fillColor(COLORS.muted).font('Helvetica').fontSize(11).text(doc.subtitle, textX, pdf.y + 2);
  pdf.y = Math.max(pdf.y, MARGIN + 70) + 10;

  for (const section of doc.sections) {
    ensureSpace(pdf, 60);
    const top = pdf.y;
    pdf.rect(MARGIN, top, width, 22).fill(COLORS.band);
    pdf.fillColor(COLORS.brand).font('Helvetica-Bold').fontSize(12).text(section.title, MARGIN + 8, top + 6, { width });
    pdf.y = top + 30;
    if (section.blocks.length === 0 && section.empty) {
      pdf.fillColor(COLORS.muted).font('Helvetica-Oblique').fontSize(10).text(section.empty, MARGIN, pdf.y, { width });
      pdf.moveDown(0.8);
    }
    for (const block of section.blocks) {
      if (block.heading) {
        ensureSpace(pdf, 40);
        pdf.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(11).text(block.heading, MARGIN, pdf.y, { width });
        pdf.moveDown(0.3);
      }
      for (const field of block.fields) writeField(pdf, field, width);
      pdf.moveDown(0.6);
    }
    pdf.moveDown(0.4);
  }

  // Footer and page numbers on every page.
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    const y = pdf.page.height - MARGIN + 16;
    pdf.fillColor(COLORS.muted).font('Helvetica').fontSize(8);
    pdf.text(doc.footer, MARGIN, y, { width: width - 80, lineBreak: false });
    pdf.text(`Page ${i + 1} of ${range.count}`, MARGIN + width - 80, y, { width: 80, align: 'right', lineBreak: false });
  }
  pdf.end();
  return done;
}

function ensureSpace(pdf: PDFKit.PDFDocument, needed: number) {
  if (pdf.y + needed > pdf.page.height - MARGIN - 20) pdf.addPage();
}

function writeField(pdf: PDFKit.PDFDocument, field: PrintField, width: number) {
  const value = field.value.trim() || '—';
  if (field.paragraph) {
    ensureSpace(pdf, 36);
    pdf.fillColor(COLORS.muted).font('Helvetica-Bold').fontSize(9).text(field.label, MARGIN, pdf.y, { width });
    pdf.fillColor(COLORS.text).font('Helvetica').fontSize(10).text(value, MARGIN, pdf.y + 2, { width });
    pdf.moveDown(0.4);
    return;
  }
  ensureSpace(pdf, 16);
  const top = pdf.y;
  pdf.fillColor(COLORS.muted).font('Helvetica-Bold').fontSize(9).text(field.label, MARGIN, top, { width: LABEL_WIDTH - 10 });
  const labelBottom = pdf.y;
  pdf.fillColor(COLORS.text).font('Helvetica').fontSize(10).text(value, MARGIN + LABEL_WIDTH, top, {
    width: width - LABEL_WIDTH,
  });
  pdf.y = Math.max(pdf.y, labelBottom) + 2;
}
