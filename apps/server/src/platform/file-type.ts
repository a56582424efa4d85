import type { AttachmentType } from '@blotter/shared';
import type { FileTypeResult } from 'file-type';
import { once } from './once';

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

const OOXML = 'application/vnd.openxmlformats-officedocument';
const MP4 = type('video/mp4', 'mp4', 'MOVIE');
const M4A = type('audio/mp4', 'm4a', 'AUDIO');
const HEIC = type('image/heic', 'heic', 'IMAGE');
const OGG = type('audio/ogg', 'ogg', 'AUDIO');
const MP3 = type('audio/mpeg', 'mp3', 'AUDIO');

/**
 * The types we accept, keyed by the extension the `file-type` package names; every other answer is
 * refused. Its variants of one format are folded into the one type we store and serve (an M4V or
 * 3GP is an MP4 to a browser, an Opus or FLAC-in-Ogg file plays as audio/ogg).
 */
const ACCEPTED: Readonly<Record<string, DetectedFileType>> = {
  jpg: type('image/jpeg', 'jpg', 'IMAGE'),
  png: type('image/png', 'png', 'IMAGE'),
  gif: type('image/gif', 'gif', 'IMAGE'),
  webp: type('image/webp', 'webp', 'IMAGE'),
  avif: type('image/avif', 'avif', 'IMAGE'),
  heic: HEIC,
  pdf: type('application/pdf', 'pdf', 'PDF'),
  mp4: MP4,
  m4v: MP4,
  '3gp': MP4,
  '3g2': MP4,
  f4v: MP4,
  mov: type('video/quicktime', 'mov', 'MOVIE'),
  webm: type('video/webm', 'webm', 'MOVIE'),
  mp3: MP3,
  wav: type('audio/wav', 'wav', 'AUDIO'),
  m4a: M4A,
  m4b: M4A,
  ogg: OGG,
  oga: OGG,
  opus: OGG,
  spx: OGG,
  ogv: OGG,
  ogm: OGG,
  ogx: OGG,
  docx: type(`${OOXML}.wordprocessingml.document`, 'docx', 'DOC'),
  xlsx: type(`${OOXML}.spreadsheetml.sheet`, 'xlsx', 'XLS'),
  pptx: type(`${OOXML}.presentationml.presentation`, 'pptx', 'ETC'),
};

const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/**
 * Word, Excel and PowerPoint 97-2003 files are OLE compound files, which `file-type` only names
 * "cfb"; their main stream's name tells them apart. Directory entries are 128 bytes aligned within
 * sectors, so a scan of aligned entries finds the names without following the FAT chains.
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

/**
 * An ID3 tag or an Ogg page header with nothing `file-type` can name after it (a cut file, or a
 * tag before an audio stream it does not recognise): kept as MP3 and Ogg audio, as before.
 */
function audioHeader(bytes: Buffer): DetectedFileType | undefined {
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, 4));
  if (head.startsWith('ID3')) return MP3;
  return head === 'OggS' ? OGG : undefined;
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

/** `file-type`, loaded at the first upload, not with the server. */
const fileTypeLibrary = once(() => import('file-type'));

/** `file-type`'s answer; a file its parsers give up on with an error is one it cannot name. */
async function namedByFileType(bytes: Buffer): Promise<FileTypeResult | undefined> {
  if (bytes.length === 0) return undefined;
  const { fileTypeFromBuffer } = await fileTypeLibrary();
  try {
    return await fileTypeFromBuffer(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The type of an uploaded file from its magic numbers (the `file-type` package, which also reads
 * the ZIP of Office documents and the EBML header of WebM within its own size limits), or
 * undefined for anything not supported. fileName only chooses between the two harmless text types
 * (.csv or plain text). A text that happens to start like another format (a CSV beginning "BM…")
 * is still text, as `file-type`'s unsupported answers fall through to the text check.
 */
export async function detectFileType(bytes: Buffer, fileName = ''): Promise<DetectedFileType | undefined> {
  const found = await namedByFileType(bytes);
  const accepted = (found && ACCEPTED[found.ext]) ?? oleDocument(bytes) ?? audioHeader(bytes);
  if (accepted) return accepted;
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
