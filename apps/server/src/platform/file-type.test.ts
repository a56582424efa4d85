import { describe, expect, it } from 'vitest';
import { DOCX, EXE, image, isoMedia, oleFile, PDF, XLSX, zip } from '../../test/file-fixtures';
import { detectFileType } from './file-type';
import { makeThumbnail, normalizePicture } from './images';

/** Two MPEG-1 layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each). */
const MP3_FRAMES = Buffer.concat(
  [0, 1].map(() => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])),
);
const officeZip = (main: string) =>
  zip({
    '[Content_Types].xml': `<Types><Override ContentType="application/vnd.openxmlformats-officedocument.${main}+xml"/></Types>`,
  });

const kind = async (bytes: Buffer, name?: string) => {
  const type = await detectFileType(bytes, name);
  return type ? `${type.mime} ${type.ext} ${type.attachmentType}` : undefined;
};

describe('detectFileType', () => {
  it('knows images by their magic numbers', async () => {
    expect(await kind(await image('jpeg'))).toBe('image/jpeg jpg IMAGE');
    expect(await kind(await image('png'))).toBe('image/png png IMAGE');
    expect(await kind(await image('gif', 40, 30))).toBe('image/gif gif IMAGE');
    expect(await kind(await image('webp'))).toBe('image/webp webp IMAGE');
    expect(await kind(isoMedia('heic'))).toBe('image/heic heic IMAGE');
    expect(await kind(isoMedia('avif'))).toBe('image/avif avif IMAGE');
  });

  it('knows PDF, video and audio', async () => {
    expect(await kind(PDF)).toBe('application/pdf pdf PDF');
    expect(await kind(isoMedia('isom'))).toBe('video/mp4 mp4 MOVIE');
    expect(await kind(isoMedia('mp42'))).toBe('video/mp4 mp4 MOVIE');
    expect(await kind(isoMedia('qt  '))).toBe('video/quicktime mov MOVIE');
    expect(await kind(isoMedia('M4A '))).toBe('audio/mp4 m4a AUDIO');
    const webm = Buffer.from([
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0x9f,
      0x42,
      0x86,
      0x81,
      0x01,
      0x42,
      0x82,
      0x84,
      ...Buffer.from('webm'),
    ]);
    expect(await kind(webm)).toBe('video/webm webm MOVIE');
    const matroska = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88, ...Buffer.from('matroska')]);
    expect(await kind(matroska)).toBeUndefined();
    expect(await kind(Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'))).toBe('audio/mpeg mp3 AUDIO');
    expect(await kind(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]))).toBe('audio/mpeg mp3 AUDIO');
    expect(await kind(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBe('audio/wav wav AUDIO');
    expect(await kind(Buffer.from('OggS\x00\x02\x00\x00', 'latin1'))).toBe('audio/ogg ogg AUDIO');
  });

  it('tells Word, Excel and PowerPoint files apart, old and new', async () => {
    expect(await kind(oleFile('WordDocument'))).toBe('application/msword doc DOC');
    expect(await kind(oleFile('Workbook'))).toBe('application/vnd.ms-excel xls XLS');
    expect(await kind(oleFile('PowerPoint Document'))).toBe('application/vnd.ms-powerpoint ppt ETC');
    expect(await kind(DOCX)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document docx DOC');
    expect(await kind(XLSX)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet xlsx XLS');
  });

  it('refuses other compound files and ZIP archives that are not Office documents', async () => {
    expect(await kind(oleFile('__substg1.0_0037001F'))).toBeUndefined();
    expect(await kind(zip({ 'evil.exe': 'MZ' }))).toBeUndefined();
    expect(await kind(zip({ '[Content_Types].xml': '<Types/>' }))).toBeUndefined();
    expect(await kind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeUndefined();
  });

  it('takes valid UTF-8 text without control characters as text, CSV by its name', async () => {
    expect(await kind(Buffer.from('Name,Value\r\nÉlodie,3\n'))).toBe('text/plain txt TXT');
    expect(await kind(Buffer.from('a,b\n1,2\n'), 'export.CSV')).toBe('text/csv csv TXT');
    expect(await kind(Buffer.from('Tab\tand form feed\f are fine'))).toBe('text/plain txt TXT');
    expect(await kind(Buffer.from('text with a NUL\0 byte'), 'photo.png')).toBeUndefined();
    expect(await kind(Buffer.from([0x68, 0x69, 0xc3, 0x28]))).toBeUndefined();
    expect(await kind(Buffer.from('escape \u001b[31m'))).toBeUndefined();
    expect(await kind(Buffer.alloc(0))).toBeUndefined();
  });

  it('folds the variants file-type names into the one type stored, and refuses macro documents', async () => {
    expect(await kind(isoMedia('M4V '))).toBe('video/mp4 mp4 MOVIE');
    expect(await kind(isoMedia('3gp5'))).toBe('video/mp4 mp4 MOVIE');
    expect(await kind(isoMedia('M4B '))).toBe('audio/mp4 m4a AUDIO');
    expect(await kind(isoMedia('mif1'))).toBe('image/heic heic IMAGE');
    const mp3AfterTag = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), MP3_FRAMES]);
    expect(await kind(mp3AfterTag)).toBe('audio/mpeg mp3 AUDIO');
    const pptx = officeZip('presentationml.presentation.main');
    expect(await kind(pptx)).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation pptx ETC');
    const docm = zip({
      '[Content_Types].xml':
        '<Types><Override ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
      'word/document.xml': '<w:document/>',
    });
    expect(await kind(docm)).toBeUndefined();
  });

  it('keeps a text that starts like another format as text', async () => {
    expect(await kind(Buffer.from('BM,Boston Market\n'), 'stores.csv')).toBe('text/csv csv TXT');
    expect(await kind(Buffer.from('MZ is the code of the site\n'))).toBe('text/plain txt TXT');
    expect(await kind(Buffer.from('<?xml version="1.0"?><note/>'))).toBe('text/plain txt TXT');
  });

  it('refuses executables whatever they are called', async () => {
    expect(await kind(EXE, 'report.pdf')).toBeUndefined();
    expect(await kind(Buffer.from('\x7fELF\x02\x01\x01', 'latin1'))).toBeUndefined();
  });
});

describe('images', () => {
  it('makes WebP thumbnails of at most 320 px, keeping the aspect ratio', async () => {
    const thumbnail = await makeThumbnail(await image('jpeg', 1200, 600));
    expect(thumbnail?.ext).toBe('webp');
    const sharp = (await import('sharp')).default;
    const meta = await sharp(thumbnail?.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);
    expect(await makeThumbnail(PDF)).toBeUndefined();
  });

  it('re-encodes pictures as square JPEGs of at most 512 px without metadata', async () => {
    const sharp = (await import('sharp')).default;
    const withExif = await sharp(await image('png', 900, 700))
      .withMetadata({ exif: { IFD0: { Copyright: 'Secret camera' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const picture = await normalizePicture(withExif);
    const meta = await sharp(picture?.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 512, 512, undefined]);
    const small = await normalizePicture(await image('png', 100, 80));
    const smallMeta = await sharp(small?.data).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([80, 80]);
    expect(await normalizePicture(Buffer.from('not an image'))).toBeUndefined();
  });
});
