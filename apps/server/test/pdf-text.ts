import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by pdfkit with the standard fonts, one line per text object, in page
 * order: enough for tests to assert what a printed document says (and what it must not say).
 * pdfkit compresses content streams (Flate) and writes text as hex strings of WinAnsi codes in
 * TJ arrays; literal strings and Tj, ' and " are read too. Embedded fonts are not supported.
 */
export function pdfText(pdf: Buffer | Uint8Array): string {
  const bytes = Buffer.from(pdf);
  const raw = bytes.toString('latin1');
  const lines: string[] = [];
  const streamStart = /(?<!end)stream\r?\n/g;
  for (let match = streamStart.exec(raw); match; match = streamStart.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const dictionary = raw.slice(raw.lastIndexOf('obj', match.index), match.index);
    streamStart.lastIndex = end + 'endstream'.length;
    if (/\/Subtype\s*\/Image/.test(dictionary)) continue;
    let content = bytes.subarray(start, end);
    if (/\/FlateDecode/.test(dictionary)) {
      try {
        content = inflateSync(content);
      } catch {
        continue;
      }
    }
    lines.push(...textOfContent(content.toString('latin1')));
  }
  return lines.join('\n');
}

/**
 * The text of a PDF as one line with single spaces, so assertions on values that the layout may
 * wrap (an address, a long name) do not depend on where the lines break.
 */
export function pdfWords(pdf: Buffer | Uint8Array): string {
  return pdfText(pdf).replace(/\s+/g, ' ').trim();
}

/** WinAnsi codes 0x80–0x9f, which differ from Latin-1 (the rest of the table matches it). */
const WIN_ANSI_HIGH: Record<number, string> = {
  128: '€',
  130: '‚',
  131: 'ƒ',
  132: '„',
  133: '…',
  134: '†',
  135: '‡',
  136: 'ˆ',
  137: '‰',
  138: 'Š',
  139: '‹',
  140: 'Œ',
  142: 'Ž',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  152: '˜',
  153: '™',
  154: 'š',
  155: '›',
  156: 'œ',
  158: 'ž',
  159: 'Ÿ',
};

const decodeWinAnsi = (codes: number[]) => codes.map((c) => WIN_ANSI_HIGH[c] ?? String.fromCharCode(c)).join('');

const LITERAL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };

/** The lines of text a content stream shows: the strings of each text operator, one text object a line. */
function textOfContent(content: string): string[] {
  const lines: string[] = [];
  let line = '';
  let pending: string[] = [];
  let i = 0;
  const flush = () => {
    if (line) lines.push(line);
    line = '';
  };
  while (i < content.length) {
    const char = content[i] ?? '';
    if (char === '<' && content[i + 1] !== '<') {
      const close = content.indexOf('>', i);
      const hex = content.slice(i + 1, close < 0 ? content.length : close).replace(/\s/g, '');
      const codes: number[] = [];
      for (let k = 0; k < hex.length; k += 2) codes.push(Number.parseInt(hex.slice(k, k + 2).padEnd(2, '0'), 16));
      pending.push(decodeWinAnsi(codes));
      i = close < 0 ? content.length : close + 1;
      continue;
    }
    if (char === '(') {
      const codes: number[] = [];
      let depth = 1;
      i++;
      while (i < content.length && depth > 0) {
        const c = content[i] ?? '';
        if (c === '\\') {
          const next = content[i + 1] ?? '';
          if (/[0-7]/.test(next)) {
            const octal = /^[0-7]{1,3}/.exec(content.slice(i + 1))?.[0] ?? '0';
            codes.push(Number.parseInt(octal, 8) & 0xff);
            i += 1 + octal.length;
            continue;
          }
          const escaped = LITERAL_ESCAPES[next];
          if (escaped !== undefined) codes.push(escaped);
          i += 2;
          continue;
        }
        if (c === '(') depth++;
        if (c === ')') depth--;
        if (depth > 0) codes.push(c.charCodeAt(0));
        i++;
      }
      pending.push(decodeWinAnsi(codes));
      continue;
    }
    if (/[A-Za-z'"]/.test(char)) {
      const operator = /^[A-Za-z'"*]+/.exec(content.slice(i))?.[0] ?? char;
      // ' and " move to the next line before showing their string.
      if (operator === "'" || operator === '"' || operator === 'ET') flush();
      if (operator === 'TJ' || operator === 'Tj' || operator === "'" || operator === '"') line += pending.join('');
      pending = [];
      i += operator.length;
      continue;
    }
    if (char === '/') {
      // A name (a font or a resource): skip it, so it is not read as an operator.
      const name = /^\/[^\s/[\]()<>{}%]*/.exec(content.slice(i))?.[0] ?? '/';
      i += name.length;
      continue;
    }
    i++;
  }
  flush();
  return lines;
}
