import { getDocumentProxy } from 'unpdf';

/**
 * The text of a PDF, read by PDF.js (Mozilla's reference reader, in the build that unpdf makes for
 * Node: no worker, no canvas, no dependencies): one line per run of text that pdfkit writes (a
 * title, a label, a value, one wrapped line of a paragraph), in page order, so that tests can
 * assert what a printed document says and what it must not say. PDF.js reads each glyph's
 * characters from the font's ToUnicode map, so embedded fonts read as typed. The text is
 * composed (NFC): a letter the font draws as a base and a separate mark ('ị' as 'i' and U+0323)
 * reads back as the one character it was typed as.
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  return (await pdfPageTexts(pdf)).join('\n');
}

/** The text of each page of a PDF, read as pdfText reads it: for what must be on every page. */
export async function pdfPageTexts(pdf: Buffer | Uint8Array): Promise<string[]> {
  // PDF.js takes ownership of the bytes it is given: hand it a copy.
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const { items } = await page.getTextContent();
      const lines: string[] = [];
      // PDF.js ends a line with an empty item marked hasEOL and separates two runs on one line
      // by an item that is only a space: either ends the current line.
      let line = '';
      for (const item of items) {
        if (!('str' in item)) continue;
        if (item.str.trim() === '') {
          if (line) lines.push(line);
          line = '';
        } else line += item.str;
        if (item.hasEOL && line) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      pages.push(lines.join('\n').normalize('NFC'));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/**
 * The text of a PDF as one line with single spaces, so assertions on values that the layout may
 * wrap (an address, a long name) do not depend on where the lines break.
 */
export async function pdfWords(pdf: Buffer | Uint8Array): Promise<string> {
  return (await pdfText(pdf)).replace(/\s+/g, ' ').trim();
}
