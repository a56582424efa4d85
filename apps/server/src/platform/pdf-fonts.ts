import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import * as fontkit from 'fontkit';

/**
 * The print's typeface: Noto Sans (SIL Open Font License 1.1, from the npm package
 * @expo-google-fonts/noto-sans), which covers Latin with its extensions and Vietnamese, Greek and
 * Cyrillic. The files are resolved in node_modules, so they are found from the source and from the
 * bundle (dist/main.js) alike, and parsed once per process; pdfkit embeds in each document only the
 * glyphs it uses.
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
} as const;
type FontStyle = keyof typeof FONT_FILES;

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

/** The three styles, parsed on first use, and the characters all of them can show. */
export function loadFonts(): LoadedFonts {
  if (!loaded) {
    const { resolve } = createRequire(import.meta.url);
    const open = (style: FontStyle) => {
      const font = fontkit.create(readFileSync(resolve(FONT_FILES[style])));
      if (!('layout' in font)) throw new Error(`${FONT_FILES[style]} is a font collection, not a font.`);
      primeGlyphs(font);
      return font;
    };
    const fonts = { regular: open('regular'), bold: open('bold'), italic: open('italic') };
    const shown = new Set(
      fonts.regular.characterSet.filter(
        (code) => fonts.bold.hasGlyphForCodePoint(code) && fonts.italic.hasGlyphForCodePoint(code),
      ),
    );
    loaded = { fonts, shown };
  }
  return loaded;
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

/**
 * Text as the fonts can show it: composed (NFC, so 'ễ' typed as e with two combining marks is one
 * glyph), tabs and carriage returns as spaces, and a character that one of the fonts has no glyph
 * for (Chinese, Arabic, an emoji, a control character) as '?' rather than an empty box.
 */
export function printable(text: string): string {
  const { shown } = loadFonts();
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x0a) out += char;
    else if (code === 0x09 || code === 0x0d) out += ' ';
    else out += shown.has(code) ? char : '?';
  }
  return out;
}
