import { inflateRawSync } from 'node:zlib';
import type { AttachmentType } from '@blotter/shared';

/** What a file is, judged from its bytes alone (never from the client's name or content type). */
export interface DetectedFileType {
  mime: string;
  /** Extension of the storage key; the files route serves the content type from it. */
  ext: string;
  attachmentType: AttachmentType;
}

/** Shown with every refusal, so the user knows what to choose instead. */
export const SUPPORTED_FILES_TEXT =
  'Supported files are images (JPEG, PNG, GIF, WebP, HEIC, AVIF), PDF, video (MP4, MOV, WebM), ' +
  'audio (MP3, WAV, OGG, M4A), Word, Excel and PowerPoint documents (DOC, DOCX, XLS, XLSX, PPTX) and plain text or CSV.';
export const UNSUPPORTED_FILE_MESSAGE = `This type of file is not supported. ${SUPPORTED_FILES_TEXT}`;

const type = (mime: string, ext: string, attachmentType: AttachmentType): DetectedFileType => ({
  mime,
  ext,
  attachmentType,
});

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);
const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** ISO base media files (MP4, MOV, M4A, HEIC, AVIF) name their kind in the ftyp box's major brand. */
function isoMedia(bytes: Buffer): DetectedFileType | undefined {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const brand = ascii(bytes, 8, 12);
  if (brand === 'qt  ') return type('video/quicktime', 'mov', 'MOVIE');
  if (brand === 'M4A ' || brand === 'M4B ') return type('audio/mp4', 'm4a', 'AUDIO');
  if (brand === 'avif' || brand === 'avis') return type('image/avif', 'avif', 'IMAGE');
  if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) {
    return type('image/heic', 'heic', 'IMAGE');
  }
  if (/^(iso[2-9m]|isom|mp4[12]|avc1|dash|M4V |M4VP|MSNV|3gp[4-6]|3g2a|f4v )$/.test(brand)) {
    return type('video/mp4', 'mp4', 'MOVIE');
  }
  return undefined;
}

/** Matroska files say in their EBML header whether they are WebM; only WebM plays in browsers. */
function webm(bytes: Buffer): DetectedFileType | undefined {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return undefined;
  return ascii(bytes, 0, Math.min(bytes.length, 64)).includes('webm') ? type('video/webm', 'webm', 'MOVIE') : undefined;
}

/** An MPEG audio layer III frame header (an MP3 without ID3 tag starts with one). */
function mp3Frame(bytes: Buffer): boolean {
  const [b0, b1, b2] = [bytes[0] ?? 0, bytes[1] ?? 0, bytes[2] ?? 0];
  const sync = b0 === 0xff && (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0x03;
  const layerIII = ((b1 >> 1) & 0x03) === 0x01;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0x03;
  return sync && version !== 0x01 && layerIII && bitrate !== 0x0f && bitrate !== 0 && sampleRate !== 0x03;
}

/**
 * Word, Excel and PowerPoint 97-2003 files are OLE compound files; their main stream's name tells
 * them apart. Directory entries are 128 bytes aligned within sectors, so a scan of aligned entries
 * finds the names without following the FAT chains.
 */
function oleDocument(bytes: Buffer): DetectedFileType | undefined {
  if (!startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return undefined;
  const names = new Set<string>();
  for (let offset = 512; offset + 128 <= bytes.length; offset += 128) {
    const nameLength = bytes.readUInt16LE(offset + 64);
    const objectType = bytes[offset + 66];
    if (nameLength < 4 || nameLength > 64 || nameLength % 2 !== 0 || objectType !== 2) continue;
    names.add(bytes.toString('utf16le', offset, offset + nameLength - 2));
  }
  if (names.has('WordDocument')) return type('application/msword', 'doc', 'DOC');
  if (names.has('Workbook') || names.has('Book')) return type('application/vnd.ms-excel', 'xls', 'XLS');
  if (names.has('PowerPoint Document')) return type('application/vnd.ms-powerpoint', 'ppt', 'ETC');
  return undefined;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeader: number;
}

/** The entries of a ZIP file, from its central directory (undefined when it is not a readable ZIP). */
function zipEntries(bytes: Buffer): ZipEntry[] | undefined {
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), bytes.length - 22);
  if (end < searchFrom || end < 0) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return undefined;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    entries.push({
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      localHeader: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One small entry's content; capped, so a crafted archive cannot inflate to gigabytes. */
function zipEntryText(bytes: Buffer, entry: ZipEntry): string | undefined {
  const at = entry.localHeader;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) return undefined;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  try {
    if (entry.method === 0) return data.toString('utf8');
    if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: 1024 * 1024 }).toString('utf8');
  } catch {
    return undefined;
  }
  return undefined;
}

/** DOCX, XLSX and PPTX: ZIP archives whose [Content_Types].xml declares the main document part. */
function officeOpenXml(bytes: Buffer): DetectedFileType | undefined {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return undefined;
  const entry = zipEntries(bytes)?.find((e) => e.name === '[Content_Types].xml');
  const contentTypes = entry ? zipEntryText(bytes, entry) : undefined;
  if (!contentTypes) return undefined;
  const ooxml = 'application/vnd.openxmlformats-officedocument';
  if (contentTypes.includes(`${ooxml}.wordprocessingml.document.main+xml`)) {
    return type(`${ooxml}.wordprocessingml.document`, 'docx', 'DOC');
  }
  if (contentTypes.includes(`${ooxml}.spreadsheetml.sheet.main+xml`)) {
    return type(`${ooxml}.spreadsheetml.sheet`, 'xlsx', 'XLS');
  }
  if (contentTypes.includes(`${ooxml}.presentationml.presentation.main+xml`)) {
    return type(`${ooxml}.presentationml.presentation`, 'pptx', 'ETC');
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text: valid UTF-8 without NUL or other control characters than tab, line breaks and form feed. */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  try {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(utf8.decode(bytes));
  } catch {
    return false;
  }
}

/**
 * The type of an uploaded file from its magic numbers, or undefined for anything not supported.
 * fileName only chooses between the two harmless text types (.csv or plain text).
 */
export function detectFileType(bytes: Buffer, fileName = ''): DetectedFileType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return type('image/jpeg', 'jpg', 'IMAGE');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return type('image/png', 'png', 'IMAGE');
  const head = ascii(bytes, 0, Math.min(bytes.length, 12));
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return type('image/gif', 'gif', 'IMAGE');
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return type('image/webp', 'webp', 'IMAGE');
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WAVE') return type('audio/wav', 'wav', 'AUDIO');
  if (head.startsWith('%PDF-')) return type('application/pdf', 'pdf', 'PDF');
  if (head.startsWith('OggS')) return type('audio/ogg', 'ogg', 'AUDIO');
  if (head.startsWith('ID3') || mp3Frame(bytes)) return type('audio/mpeg', 'mp3', 'AUDIO');
  const detected = isoMedia(bytes) ?? webm(bytes) ?? oleDocument(bytes) ?? officeOpenXml(bytes);
  if (detected) return detected;
  if (isPlainText(bytes)) {
    return /\.csv$/i.test(fileName) ? type('text/csv', 'csv', 'TXT') : type('text/plain', 'txt', 'TXT');
  }
  return undefined;
}

/** Image types sharp can read here (person pictures); HEIC needs a codec the build does not carry. */
export const READABLE_IMAGE_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
];
