import { describe, expect, it } from 'vitest';
import { DOCX, EXE, image, isoMedia, oleFile, PDF, XLSX, zip } from '../../test/file-fixtures';
import { detectFileType } from './file-type';
import { makeThumbnail, normalizePicture } from './images';

const kind = (bytes: Buffer, name?: string) => {
  const type = detectFileType(bytes, name);
  return type ? `${type.mime} ${type.ext} ${type.attachmentType}` : undefined;
};

describe('detectFileType', () => {
  it('knows images by their magic numbers', async () => {
    expect(kind(await image('jpeg'))).toBe('image/jpeg jpg IMAGE');
    expect(kind(await image('png'))).toBe('image/png png IMAGE');
    expect(kind(await image('gif', 40, 30))).toBe('image/gif gif IMAGE');
    expect(kind(await image('webp'))).toBe('image/webp webp IMAGE');
    expect(kind(isoMedia('heic'))).toBe('image/heic heic IMAGE');
    expect(kind(isoMedia('avif'))).toBe('image/avif avif IMAGE');
  });

  it('knows PDF, video and audio', () => {
    expect(kind(PDF)).toBe('application/pdf pdf PDF');
    expect(kind(isoMedia('isom'))).toBe('video/mp4 mp4 MOVIE');
    expect(kind(isoMedia('mp42'))).toBe('video/mp4 mp4 MOVIE');
    expect(kind(isoMedia('qt  '))).toBe('video/quicktime mov MOVIE');
    expect(kind(isoMedia('M4A '))).toBe('audio/mp4 m4a AUDIO');
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
    expect(kind(webm)).toBe('video/webm webm MOVIE');
    const matroska = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88, ...Buffer.from('matroska')]);
    expect(kind(matroska)).toBeUndefined();
    expect(kind(Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'))).toBe('audio/mpeg mp3 AUDIO');
    expect(kind(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]))).toBe('audio/mpeg mp3 AUDIO');
    expect(kind(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBe('audio/wav wav AUDIO');
    expect(kind(Buffer.from('OggS\x00\x02\x00\x00', 'latin1'))).toBe('audio/ogg ogg AUDIO');
  });

  it('tells Word, Excel and PowerPoint files apart, old and new', () => {
    expect(kind(oleFile('WordDocument'))).toBe('application/msword doc DOC');
    expect(kind(oleFile('Workbook'))).toBe('application/vnd.ms-excel xls XLS');
    expect(kind(oleFile('PowerPoint Document'))).toBe('application/vnd.ms-powerpoint ppt ETC');
    expect(kind(DOCX)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document docx DOC');
    expect(kind(XLSX)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet xlsx XLS');
  });

  it('refuses other compound files and ZIP archives that are not Office documents', () => {
    expect(kind(oleFile('__substg1.0_0037001F'))).toBeUndefined();
    expect(kind(zip({ 'evil.exe': 'MZ' }))).toBeUndefined();
    expect(kind(zip({ '[Content_Types].xml': '<Types/>' }))).toBeUndefined();
    expect(kind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeUndefined();
  });

  it('takes valid UTF-8 text without control characters as text, CSV by its name', () => {
    expect(kind(Buffer.from('Name,Value\r\nÉlodie,3\n'))).toBe('text/plain txt TXT');
    expect(kind(Buffer.from('a,b\n1,2\n'), 'export.CSV')).toBe('text/csv csv TXT');
    expect(kind(Buffer.from('Tab\tand form feed\f are fine'))).toBe('text/plain txt TXT');
    expect(kind(Buffer.from('text with a NUL\0 byte'), 'photo.png')).toBeUndefined();
    expect(kind(Buffer.from([0x68, 0x69, 0xc3, 0x28]))).toBeUndefined();
    expect(kind(Buffer.from('escape \u001b[31m'))).toBeUndefined();
    expect(kind(Buffer.alloc(0))).toBeUndefined();
  });

  it('refuses executables whatever they are called', () => {
    expect(kind(EXE, 'report.pdf')).toBeUndefined();
    expect(kind(Buffer.from('\x7fELF\x02\x01\x01', 'latin1'))).toBeUndefined();
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
