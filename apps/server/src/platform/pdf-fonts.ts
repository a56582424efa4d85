import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import * as fontkit from 'fontkit';

/**
 * The print's typefaces, all Noto (SIL Open Font License 1.1, from the npm packages
 * @expo-google-fonts/noto-sans-*): Noto Sans covers Latin with its extensions and Vietnamese, Greek
 * and Cyrillic; a text it cannot show is set in the first of the other scripts' faces that shows
 * all of it (each also has Latin, so 'Wang 王伟' or 'Ali محمد' is one face). The files are resolved
 * in node_modules, so they are found from the source and from the bundle (dist/main.js) alike, and
 * parsed once per process, a script's face only when a print first needs it; pdfkit embeds in
 * each document only the glyphs it uses.
 */
const BASE_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
} as const;
export type FontStyle = keyof typeof BASE_FILES;

/** The other scripts' faces, in the order they are tried; they have no italic (regular serves). */
const SCRIPT_FACES = [
  // Chinese (simplified and the common traditional characters), Japanese kana and kanji.
  ['sc', 'noto-sans-sc', 'NotoSansSC'],
  // Korean Hangul.
  ['kr', 'noto-sans-kr', 'NotoSansKR'],
  ['arabic', 'noto-sans-arabic', 'NotoSansArabic'],
  ['hebrew', 'noto-sans-hebrew', 'NotoSansHebrew'],
  ['devanagari', 'noto-sans-devanagari', 'NotoSansDevanagari'],
  ['thai', 'noto-sans-thai', 'NotoSansThai'],
] as const;
const scriptFile = (face: (typeof SCRIPT_FACES)[number], style: FontStyle) =>
  style === 'bold'
    ? `@expo-google-fonts/${face[1]}/700Bold/${face[2]}_700Bold.ttf`
    : `@expo-google-fonts/${face[1]}/400Regular/${face[2]}_400Regular.ttf`;

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit takes an already-parsed fontkit font too (its changelog, 0.20.0); @types/pdfkit lacks it. */
      registerFont(name: string, src: Font): this;
    }
  }
}

interface LoadedFonts {
  fonts: Record<FontStyle, Font>;
  /** The code points that every style has a glyph for. */
  shown: Set<number>;
}
let loaded: LoadedFonts | undefined;
const scriptFonts = new Map<string, Font>();

function openFont(file: string): Font {
  const { resolve } = createRequire(import.meta.url);
  const font = fontkit.create(readFileSync(resolve(file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font.`);
  primeGlyphs(font);
  return font;
}

/** The three styles of Noto Sans, parsed on first use, and the characters all of them can show. */
export function loadFonts(): LoadedFonts {
  if (!loaded) {
    const fonts = {
      regular: openFont(BASE_FILES.regular),
      bold: openFont(BASE_FILES.bold),
      italic: openFont(BASE_FILES.italic),
    };
    const shown = new Set(
      fonts.regular.characterSet.filter(
        (code) => fonts.bold.hasGlyphForCodePoint(code) && fonts.italic.hasGlyphForCodePoint(code),
      ),
    );
    loaded = { fonts, shown };
  }
  return loaded;
}

/** A script's face in a style, parsed on first use; registered with pdfkit under `name`. */
function scriptFont(face: (typeof SCRIPT_FACES)[number], style: FontStyle): { name: string; font: Font } {
  const name = `${face[0]}-${style === 'bold' ? 'bold' : 'regular'}`;
  let font = scriptFonts.get(name);
  if (!font) {
    font = openFont(scriptFile(face, style));
    scriptFonts.set(name, font);
  }
  return { name, font };
}

/**
 * fontkit keeps one glyph object per glyph, with the characters of the first text that produced it
 * (foliojs/fontkit#154), and pdfkit writes those characters into the PDF's ToUnicode map, which
 * text extraction, search and copy read. Noto Sans draws 'ị' as 'i' and a combining dot below, so
 * after a print that showed 'Thị' every 'i' would read back as 'ị'. Each glyph is therefore taken
 * first from its own character: the font's characters, compatibility forms (µ, ², a no-break
 * space) after the others so that μ and 2 keep their glyphs, and a Latin ligature (ﬁ) as the
 * letters it joins. Text then reads back as typed, a letter drawn with a separate mark decomposed
 * ('i' and U+0323 for 'ị', the same text in Unicode's canonical equivalence).
 */
function primeGlyphs(font: Font) {
  const compatibility: number[] = [];
  for (const code of font.characterSet) {
    const char = String.fromCodePoint(code);
    if (char.normalize('NFKC') === char) font.glyphForCodePoint(code);
    else compatibility.push(code);
  }
  // A ligature's glyph takes the characters of the letters that the first layout making it joined.
  for (const code of compatibility) {
    if (code >= 0xfb00 && code <= 0xfb06) font.layout(String.fromCodePoint(code).normalize('NFKC'));
  }
  for (const code of compatibility) font.glyphForCodePoint(code);
}

/** A text ready to draw: as its face can show it, and the name of that face in the document. */
export interface PrintedText {
  text: string;
  font: string;
}

/** A character of a script written right to left (Hebrew, Arabic and their presentation forms). */
const RTL = '\\u0590-\\u08ff\\ufb1d-\\ufdff\\ufe70-\\ufefc';
/** A letter of a script written left to right, or a digit (numbers read left to right). */
const LTR = 'A-Za-z0-9\\u00c0-\\u058f\\u0900-\\u1fff\\u3040-\\ufaff\\uac00-\\ud7af';
/** From a right-to-left character to the last one before a left-to-right letter or a line end. */
const RTL_RUN = new RegExp(`[${RTL}](?:[^${LTR}\\n]*[${RTL}])?`, 'gu');

/**
 * A text cut where its direction changes, each run to be laid out on its own. fontkit lays a run
 * out right to left when its first script is, so a line all in Arabic or Hebrew is right as one
 * run; in 'Ali محمد عبد' laid out as one run the Arabic would read backwards (and in 'محمد Ali' the
 * Latin). Drawn one after the other, each run in its own direction, the runs are in the order of
 * the Unicode bidirectional algorithm for a left-to-right page.
 */
export function directionalRuns(text: string): string[] {
  const runs: string[] = [];
  let last = 0;
  for (const match of text.matchAll(RTL_RUN)) {
    if (match.index > last) runs.push(text.slice(last, match.index));
    runs.push(match[0]);
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push(text.slice(last));
  return runs;
}

/** Text of printable ASCII and line breaks only: Noto Sans has every glyph of it. */
const PRINTABLE_ASCII = /^[\x20-\x7e\n]*$/;

/** The characters of a text a face has no glyph for (line breaks aside). */
function missing(font: Font, chars: readonly string[]): number {
  let count = 0;
  for (const char of chars) {
    if (char !== '\n' && !font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) count += 1;
  }
  return count;
}

/**
 * Text as the faces can show it, with the face to draw it in: composed (NFC, so 'ễ' typed as e
 * with two combining marks is one glyph), tabs and carriage returns as spaces, control characters
 * as '?', in Noto Sans when it shows every character, else in the first script face that does
 * (the one missing the fewest when none does; a character it lacks, such as an emoji, as '?'
 * rather than an empty box).
 */
export function printed(text: string, style: FontStyle): PrintedText {
  // Most cells of a report are printable ASCII, which Noto Sans shows as it is: no normalising or
  // checking character by character (a fifth of a 10,000-row print's time went there).
  if (PRINTABLE_ASCII.test(text)) return { text, font: style };
  const { shown } = loadFonts();
  const chars = [...text.normalize('NFC')].map((char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x09 || code === 0x0d) return ' ';
    if (code === 0x0a) return char;
    return code < 0x20 || (code >= 0x7f && code < 0xa0) ? '?' : char;
  });
  if (chars.every((char) => char === '\n' || shown.has(char.codePointAt(0) ?? 0))) {
    return { text: chars.join(''), font: style };
  }
  let best: { name: string; font: Font; missing: number } | undefined;
  for (const face of SCRIPT_FACES) {
    const candidate = scriptFont(face, style);
    const count = missing(candidate.font, chars);
    if (!best || count < best.missing) best = { ...candidate, missing: count };
    if (count === 0) break;
  }
  const base = loadFonts().fonts[style];
  const face = best && best.missing < missing(base, chars) ? best : { name: style, font: base };
  const drawn = chars.map((char) =>
    char === '\n' || face.font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0) ? char : '?',
  );
  return { text: drawn.join(''), font: face.name };
}

/** The script faces a document has been given, so each is registered with it once. */
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

const HAS_RTL = new RegExp(`[${RTL}]`, 'u');

/** Whether a text has right-to-left characters, which drawText lays out a line at a time. */
export const hasRightToLeft = (text: string) => HAS_RTL.test(text);

/**
 * Draws a printed text in its face at (x, y) (pdfkit's current position when not given) with
 * pdfkit's text options. pdfkit lays text out word by word (and caches the words), so a
 * right-to-left word came out with its space in front and the words of a name in typed order: a
 * text with right-to-left characters is laid out a line at a time instead (any `features` make
 * pdfkit do so), run by run when it has both directions (directionalRuns), the later runs
 * continuing the first's line and options.
 */
export function drawText(
  pdf: PDFKit.PDFDocument,
  out: PrintedText,
  x?: number,
  y?: number,
  options: PDFKit.Mixins.TextOptions = {},
) {
  selectFont(pdf, out);
  if (!HAS_RTL.test(out.text)) {
    pdf.text(out.text, x, y, options);
    return;
  }
  const runs = directionalRuns(out.text);
  runs.forEach((run, i) => {
    const continued = i < runs.length - 1;
    if (i === 0) pdf.text(run, x, y, { ...options, features: [], continued });
    else pdf.text(run, { features: [], continued });
  });
}

/** Sets a printed text's face on the document, registering a script face on its first use there. */
export function selectFont(pdf: PDFKit.PDFDocument, out: PrintedText) {
  if (out.font in BASE_FILES) {
    pdf.font(out.font);
    return;
  }
  let names = registered.get(pdf);
  if (!names) {
    names = new Set();
    registered.set(pdf, names);
  }
  if (!names.has(out.font)) {
    const font = scriptFonts.get(out.font);
    if (!font) throw new Error(`The face ${out.font} was never loaded.`);
    pdf.registerFont(out.font, font);
    names.add(out.font);
  }
  pdf.font(out.font);
}
