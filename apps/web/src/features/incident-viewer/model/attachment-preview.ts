import type { AttachmentType } from '@blotter/shared/schemas/incident-parts';

/**
 * How the attachment viewer shows a file (spec 1 §2 Attachment viewer): images with zoom, text and
 * PDF inline, video and audio playing. Word and Excel files cannot be drawn by a browser: the viewer
 * names the file and offers Download. Anything else is downloaded without opening the viewer.
 */
export type AttachmentPreview = 'image' | 'text' | 'pdf' | 'document' | 'video' | 'audio' | 'download';

const PREVIEWS: Record<AttachmentType, AttachmentPreview> = {
  IMAGE: 'image',
  TXT: 'text',
  PDF: 'pdf',
  DOC: 'document',
  XLS: 'document',
  MOVIE: 'video',
  AUDIO: 'audio',
  ETC: 'download',
};

export function attachmentPreview(type: AttachmentType | undefined): AttachmentPreview {
  return type ? PREVIEWS[type] : 'download';
}

/** The signed URL that makes the server answer the file as a download (`download=1`). */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}
