/**
 * What this module reads of pdfkit beyond its typed API (pdfkit 0.20, pinned to ^0.20.2): the
 * current embedded font, which lays a text out into glyphs (and so adds them to the embedded
 * subset and the ToUnicode map, as pdf.text() does), and the page's font resources.
 */
interface GlyphPosition {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}
interface EmbeddedFont {
  id: string;
  /** In thousandths of the font size. */
  ascender: number;
  encode(text: string): [string[], GlyphPosition[]];
  ref(): unknown;
}
interface PdfInternals {
  _font: EmbeddedFont;
  page: { height: number; fonts: Record<string, unknown> };
}

/** A number as PDF content writes it: a thousandth of a point is finer than any printer. */
const num = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * Lines of text written into the page's content in one text object per batch. pdf.text() costs a
 * dozen content operations per line (save, transform, text object, font, position, restore), each
 * turned into bytes one character at a time, and measures the line twice more; a table of 10,000
 * rows draws hundreds of thousands of lines, and that was most of its time. The glyphs and their
 * kerning are pdfkit's own (its font's encode), written the way pdf.text() writes a left-aligned
 * line, so the text reads back (copy, search) exactly as before.
 */
export class TextBatch {
  private readonly parts: string[] = [];

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly fontSize: number,
  ) {}

  /**
   * Adds a line in the current font at (x, y), the top of the line as pdf.text() takes it. False
   * when a glyph is placed off its advance (a combining mark no precomposed character has): such a
   * line is left to pdf.text(), which positions each mark.
   */
  add(text: string, x: number, y: number): boolean {
    const { _font: font, page } = this.pdf as unknown as PdfInternals;
    const [glyphs, positions] = font.encode(text);
    if (positions.some((position) => position.xOffset !== 0 || position.yOffset !== 0)) return false;
    if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    // Segments of glyphs drawn at their own advance, each followed by its kerning adjustment.
    const segments: string[] = [];
    let start = 0;
    positions.forEach((position, i) => {
      const adjust = position.xAdvance - position.advanceWidth;
      if (adjust === 0 && i < positions.length - 1) return;
      segments.push(`<${glyphs.slice(start, i + 1).join('')}> ${num(-adjust)}`);
      start = i + 1;
    });
    const baseline = page.height - y - (font.ascender / 1000) * this.fontSize;
    this.parts.push(
      `/${font.id} ${num(this.fontSize)} Tf 1 0 0 1 ${num(x)} ${num(baseline)} Tm [${segments.join(' ')}] TJ`,
    );
    return true;
  }

  /** Writes the lines added so far, in the fill colour in effect, and starts a new batch. */
  flush() {
    if (this.parts.length === 0) return;
    const { page } = this.pdf as unknown as PdfInternals;
    // pdfkit's pages are flipped to run top-down; text is set in the PDF's own upright space.
    const content = `q 1 0 0 -1 0 ${num(page.height)} cm BT\n${this.parts.join('\n')}\nET Q\n`;
    this.parts.length = 0;
    this.pdf.addContent(Buffer.from(content, 'latin1'));
  }
}
