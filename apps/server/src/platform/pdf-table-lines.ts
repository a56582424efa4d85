import { hasRightToLeft, type PrintedText, selectFont } from './pdf-fonts';

/**
 * A cell laid out in its column: its lines as they will be drawn (each drawn without pdfkit's line
 * wrapper), or, for a text with right-to-left characters, none (pdfkit's wrapper draws it, run by
 * run, as drawText does everywhere), and its height.
 */
export interface CellLayout extends PrintedText {
  lines: string[] | undefined;
  height: number;
}

const ELLIPSIS = '…';

/**
 * Breaks the cells of a table into lines, measuring each word once per face: pdfkit's wrapper
 * measured every word of every cell again for the height and again when drawing it, through the
 * Unicode line breaker, and that was most of a long report's time. Lines break after spaces; a
 * word wider than its column (or a run of Chinese without spaces) is cut between characters.
 * Widths are pdfkit's own (its layout per word, kerning included), so a line measured to fit is
 * drawn as it was measured.
 */
export class TableLines {
  /** Width of each word (with its trailing spaces) and of each single character, per face. */
  private readonly widths = new Map<string, Map<string, number>>();
  private readonly lineHeights = new Map<string, number>();

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly fontSize: number,
  ) {}

  /** The cell's lines within `width`, at most as many as fit `maxHeight` (the last one then ends with '…'). */
  layout(cell: PrintedText, width: number, maxHeight: number): CellLayout {
    selectFont(this.pdf, cell);
    this.pdf.fontSize(this.fontSize);
    if (hasRightToLeft(cell.text)) {
      const height = this.pdf.heightOfString(cell.text, { width });
      return { ...cell, lines: undefined, height: Math.min(height, maxHeight) };
    }
    const lineHeight = this.lineHeight(cell.font);
    const maxLines = Math.max(1, Math.floor(maxHeight / lineHeight));
    const widths = this.facesWidths(cell.font);
    const lines: string[] = [];
    for (const paragraph of cell.text.split('\n')) {
      this.breakParagraph(paragraph, width, widths, lines, maxLines + 1);
      if (lines.length > maxLines) break;
    }
    if (lines.length > maxLines) {
      lines.length = maxLines;
      lines[maxLines - 1] = this.withEllipsis(lines[maxLines - 1] ?? '', width);
    }
    return { ...cell, lines, height: Math.min(lines.length * lineHeight, maxHeight) };
  }

  /** The height of a line in a face at the table's size (pdfkit's, gap included). */
  lineHeight(font: string): number {
    let height = this.lineHeights.get(font);
    if (height === undefined) {
      height = this.pdf.font(font).fontSize(this.fontSize).currentLineHeight(true);
      this.lineHeights.set(font, height);
    }
    return height;
  }

  private facesWidths(font: string): Map<string, number> {
    let widths = this.widths.get(font);
    if (!widths) {
      widths = new Map();
      this.widths.set(font, widths);
    }
    return widths;
  }

  /** The width of a piece of text in the current face (selected by layout). */
  private width(widths: Map<string, number>, piece: string): number {
    let width = widths.get(piece);
    if (width === undefined) {
      width = this.pdf.widthOfString(piece);
      widths.set(piece, width);
    }
    return width;
  }

  /** Appends the lines of one paragraph to `lines`, stopping once there are `limit`. */
  private breakParagraph(paragraph: string, max: number, widths: Map<string, number>, lines: string[], limit: number) {
    let line = '';
    let lineWidth = 0;
    // Words with their trailing spaces, as pdfkit lays text out (so their widths add up to the line's).
    for (const token of paragraph.split(/(?<= )/)) {
      const word = token.trimEnd();
      const wordWidth = this.width(widths, word);
      if (lineWidth + wordWidth <= max) {
        line += token;
        lineWidth += word === token ? wordWidth : this.width(widths, token);
        continue;
      }
      if (line) {
        lines.push(line.trimEnd());
        if (lines.length >= limit) return;
      }
      let rest = word;
      // A word wider than the column: as many characters as fit on each line.
      if (wordWidth > max) {
        for (let cut = this.fitting(rest, max, widths); cut < rest.length; cut = this.fitting(rest, max, widths)) {
          lines.push(rest.slice(0, cut));
          if (lines.length >= limit) return;
          rest = rest.slice(cut);
        }
      }
      line = rest + token.slice(word.length);
      lineWidth = this.width(widths, line);
    }
    lines.push(line.trimEnd());
  }

  /** How many code units of `word` fit `max` (at least one character), from its characters' widths. */
  private fitting(word: string, max: number, widths: Map<string, number>): number {
    let used = 0;
    let end = 0;
    for (const char of word) {
      used += this.width(widths, char);
      if (used > max && end > 0) break;
      end += char.length;
    }
    return end;
  }

  /** The line shortened as much as needed to end with '…' within `max`. */
  private withEllipsis(line: string, max: number): string {
    let text = line.trimEnd();
    while (text && this.pdf.widthOfString(text + ELLIPSIS) > max) {
      const chars = Array.from(text);
      chars.pop();
      text = chars.join('').trimEnd();
    }
    return this.pdf.widthOfString(text + ELLIPSIS) <= max ? text + ELLIPSIS : text;
  }
}
