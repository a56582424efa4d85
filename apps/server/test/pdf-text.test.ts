import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../src/platform/pdf';
import { pdfText } from './pdf-text';

/** A minimal PDF with one content stream, compressed or not. */
function pdfWith(content: string, compress: boolean): Buffer {
  const body = compress ? deflateSync(Buffer.from(content, 'latin1')) : Buffer.from(content, 'latin1');
  const filter = compress ? ' /Filter /FlateDecode' : '';
  return Buffer.concat([
    Buffer.from(`%PDF-1.3\n4 0 obj\n<< /Length ${body.length}${filter} >>\nstream\n`, 'latin1'),
    body,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
}

describe('pdfText', () => {
  it('reads the text pdfkit writes: hex strings of WinAnsi codes, one line per text object', async () => {
    const bytes = await renderPdf({
      companyName: 'Café “Quotes” – €5',
      title: 'Incident #7',
      sections: [
        { title: 'Persons (1)', blocks: [{ heading: 'Zoë Ünal', fields: [{ label: 'Email', value: 'z@x.example' }] }] },
      ],
      footer: 'Printed today',
    });
    expect(pdfText(bytes).split('\n')).toEqual([
      'Café “Quotes” – €5',
      'Incident #7',
      'Persons (1)',
      'Zoë Ünal',
      'Email',
      'z@x.example',
      'Printed today',
      'Page 1 of 1',
    ]);
  });

  it('reads literal strings with escapes and Tj, in compressed and plain streams', () => {
    const content = 'BT /F1 12 Tf 50 700 Td (Hello \\(world\\) \\\\ caf\\351) Tj ET\nBT [(Kern) -20 (ed)] TJ ET';
    for (const compress of [true, false]) {
      expect(pdfText(pdfWith(content, compress))).toBe('Hello (world) \\ café\nKerned');
    }
  });
});
