import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

/** Test files built from their formats' own rules, so detection is tested on real structures. */

/**
 * A real image encoded by sharp: a pattern, or noise (which hardly compresses, for files of a
 * known large size).
 */
export function image(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  width = 640,
  height = 480,
  noise = false,
): Promise<Buffer> {
  const pixels = noise ? randomBytes(width * height * 3) : Buffer.alloc(width * height * 3);
  if (!noise) for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A Windows executable: MZ header and the DOS stub text. */
export const EXE = Buffer.concat([
  Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

/** A ZIP archive (deflated entries) with a central directory, as Office writes them. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = deflateRawSync(Buffer.from(text));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(text.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(text.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Override PartName="/main.xml" ContentType="application/vnd.openxmlformats-officedocument.${main}+xml"/></Types>`;

export const DOCX = zip({
  '[Content_Types].xml': contentTypes('wordprocessingml.document.main'),
  'word/document.xml': '<w:document/>',
});
export const XLSX = zip({
  '[Content_Types].xml': contentTypes('spreadsheetml.sheet.main'),
  'xl/workbook.xml': '<workbook/>',
});

/** An OLE compound file whose directory holds a root entry and one stream of the given name. */
export function oleFile(streamName: string): Buffer {
  const bytes = Buffer.alloc(512 * 3);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  bytes.writeUInt16LE(9, 30);
  const entry = (at: number, name: string, type: number) => {
    bytes.write(name, at, 'utf16le');
    bytes.writeUInt16LE((name.length + 1) * 2, at + 64);
    bytes[at + 66] = type;
  };
  entry(512, 'Root Entry', 5);
  entry(512 + 128, streamName, 2);
  return bytes;
}

/** An ISO media file header (ftyp box) with the given major brand. */
export const isoMedia = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}\0\0\0\0isommp42`)]);
