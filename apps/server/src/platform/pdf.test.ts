import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { printed, renderPdf } from './pdf';
import { directionalRuns } from './pdf-fonts';

const pageCount = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Type \/Page\n/g) ?? []).length;

describe('renderPdf', () => {
  it('renders a PDF whose text holds the title, the sections and the fields', async () => {
    const bytes = await renderPdf({
      companyName: 'Demo Security Inc.',
      title: 'Incident #42',
      subtitle: 'Open',
      sections: [
        {
          title: 'When What Where Why',
          blocks: [{ fields: [{ label: 'Summary', value: 'Laptop taken from the front desk.', paragraph: true }] }],
        },
        { title: 'Persons (0)', blocks: [], empty: 'No persons.' },
      ],
      footer: 'Printed 23/11/2026 by Dana Whitfield',
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // pdfkit writes text as hex glyph strings; the document info carries the title in clear.
    expect(bytes.toString('latin1')).toContain('Incident #42');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('survives an unreadable logo', async () => {
    const bytes = await renderPdf({
      companyName: 'X',
      logo: Buffer.from('not an image'),
      title: 'Incident #1',
      sections: [],
      footer: '',
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('puts the footer on each page instead of starting a page for it', async () => {
    const short = await renderPdf({ companyName: 'X', title: 'Incident #1', sections: [], footer: 'Printed by Dana' });
    expect(pageCount(short)).toBe(1);
    const long = await renderPdf({
      companyName: 'X',
      title: 'Incident #2',
      sections: [
        {
          title: 'Persons (1)',
          blocks: [{ fields: [{ label: 'Comments', value: 'word '.repeat(3000), paragraph: true }] }],
        },
      ],
      footer: 'Printed by Dana',
    });
    const pages = pageCount(long);
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(long);
    expect(text.match(/Printed by Dana/g)).toHaveLength(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('prints Latin Extended, Greek, Cyrillic and Vietnamese as typed, in regular, bold and italic', async () => {
    const names = ['Trần', 'Łukasz Śmiałek', 'Παπαδόπουλος', 'Смирнов', 'Nguyễn Thị Hồng'];
    const bytes = await renderPdf({
      companyName: 'Công ty Đông Á',
      title: 'Incident #3',
      sections: [
        {
          title: 'Persons (5)',
          blocks: names.map((name) => ({
            heading: name,
            fields: [
              { label: 'Ρόλος', value: name },
              { label: 'Заметки', value: `${name} — ${name}`, paragraph: true },
            ],
          })),
        },
        { title: 'Ảnh (0)', blocks: [], empty: 'Không có ảnh của Łukasz.' },
      ],
      footer: 'In bởi Trần',
    });
    const lines = (await pdfText(bytes)).split('\n');
    for (const name of names) {
      // The heading (bold), the short value (regular) and the paragraph.
      expect(lines.filter((line) => line === name)).toHaveLength(2);
      expect(lines).toContain(`${name} — ${name}`);
    }
    expect(lines).toEqual(
      expect.arrayContaining([
        'Công ty Đông Á',
        'Ρόλος',
        'Заметки',
        'Ảnh (0)',
        'Không có ảnh của Łukasz.',
        'In bởi Trần',
      ]),
    );
  });

  it('prints names in Chinese, Japanese, Korean, Arabic, Hebrew, Hindi and Thai in a face that has them', async () => {
    const names = ['王伟 Wang Wei', '山田 さくら', '김민준', 'מרים כהן', 'محمد عبد الله', 'अनीता शर्मा', 'สมชาย ใจดี'];
    for (const name of names) expect(printed(name, 'regular').text).not.toContain('?');
    expect(printed('Zoë Łukasz', 'bold').font).toBe('bold');
    expect(printed('王伟', 'bold').font).toBe('sc-bold');
    expect(printed('김민준', 'italic').font).toBe('kr-regular');
    const bytes = await renderPdf({
      companyName: '東京警備',
      title: 'Incident #5',
      sections: [
        {
          title: 'Persons (7)',
          blocks: names.map((name) => ({ heading: name, fields: [{ label: 'Also known as', value: name }] })),
        },
      ],
      footer: '',
    });
    const text = await pdfText(bytes);
    expect(text).toContain('東京警備');
    // Arabic reads back in presentation forms (NFKC folds them) with a code of no meaning for the
    // joining glyph that Noto Sans Arabic adds without a character of its own.
    const lines = text.split('\n').map((line) => line.normalize('NFKC').replace(/\p{Cc}/gu, ''));
    for (const name of ['王伟 Wang Wei', '山田 さくら', '김민준', 'สมชาย ใจดี', 'מרים כהן', 'محمد عبد الله']) {
      expect(lines.filter((line) => line === name)).toHaveLength(2);
    }
    // PDF.js reads Devanagari's vowel signs where they are drawn: every letter is there.
    const letters = (value: string) => [...value.replace(/\s/gu, '')].sort().join('');
    expect(lines.filter((line) => letters(line) === letters('अनीता शर्मा'))).toHaveLength(2);
  });

  it('cuts a text where its direction changes, keeping numbers and the spaces around a run in the left-to-right runs', () => {
    expect(directionalRuns('محمد عبد الله')).toEqual(['محمد عبد الله']);
    expect(directionalRuns('Zoë Łukasz')).toEqual(['Zoë Łukasz']);
    expect(directionalRuns('Ali محمد عبد, Tel Aviv מרים כהן 12')).toEqual([
      'Ali ',
      'محمد عبد',
      ', Tel Aviv ',
      'מרים כהן',
      ' 12',
    ]);
    expect(directionalRuns('محمد 12 علي')).toEqual(['محمد', ' 12 ', 'علي']);
    expect(directionalRuns('محمد\nعلي')).toEqual(['محمد', '\n', 'علي']);
  });

  it("prints a character no face has as '?', and typed decomposed letters composed", async () => {
    expect(printed('Łukasz 😀\tZoë\u0007', 'regular').text).toBe('Łukasz ? Zoë?');
    // e with circumflex and tilde as combining marks: the one letter ễ.
    expect(printed('Nguye\u0302\u0303n', 'regular').text).toBe('Nguyễn');
    const bytes = await renderPdf({
      companyName: 'X',
      title: 'Incident #5',
      sections: [{ title: 'Persons (1)', blocks: [{ heading: '😀 Nguye\u0302\u0303n', fields: [] }] }],
      footer: '',
    });
    expect(await pdfText(bytes)).toContain('? Nguyễn');
  });

  it("reads back each glyph as its own character, even after a letter drawn as base and mark ('ị')", async () => {
    // Noto Sans draws ị as i and a combining dot below; the glyph i must still read as 'i', in this
    // document and the next (the fonts are shared by the process), and a ligature as its letters.
    const print = (heading: string) =>
      renderPdf({
        companyName: 'X',
        title: 'Incident #6',
        sections: [
          { title: 'Persons (1)', blocks: [{ heading, fields: [{ label: 'Office', value: 'Thị and Tim' }] }] },
        ],
        footer: 'Printed by Tim',
      });
    const first = await pdfText(await print('Thị Lin'));
    expect(first).toContain('Thị Lin');
    expect(first).toContain('Thị and Tim');
    expect(first).toContain('Office');
    expect(first).toContain('Printed by Tim');
    expect(await pdfText(await print('Lin Tim'))).toContain('Lin Tim');
  });

  it('draws a block picture beside its fields', async () => {
    const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const bytes = await renderPdf({
      companyName: 'X',
      title: 'Incident #4',
      sections: [
        {
          title: 'Persons (1)',
          blocks: [{ heading: 'Jane Doe', image: picture, fields: [{ label: 'Alias', value: 'JD' }] }],
        },
      ],
      footer: '',
    });
    expect(bytes.toString('latin1')).toContain('/Subtype /Image');
    expect(await pdfText(bytes)).toContain('JD');
  });
});
