import { FILE_SIZE_LIMITS_MB, PART_MESSAGES } from '@blotter/shared';
import type {} from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { MAX_UPLOAD_BYTES } from '../../plugins/multipart';
import { assertStorableText } from '../../plugins/text-input';

const MB = 1024 * 1024;

/** The company's upload limits in MB, as GET /commons/initData shows them to the client. */
export async function fileSizeLimits(tx: Tx, accountId: string): Promise<{ upload: number; avatar: number }> {
  const [account] = await tx
    .select({ upload: accounts.maxUploadFileSize, avatar: accounts.maxAvatarFileSize })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account) throw notFound('Company');
  return {
    upload: Math.min(account.upload, FILE_SIZE_LIMITS_MB.maxUploadFileSize),
    avatar: account.avatar,
  };
}

export const FILE_NAME_REQUIRED = 'The file has no name. Please choose the file again.';

export interface UploadedFile {
  data: Buffer;
  /** The client's name for the file: kept for display and downloads, never used as a path. */
  fileName: string;
}

export interface Upload {
  fields: Record<string, string>;
  file: UploadedFile | undefined;
}

/** A file name safe to store and show: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  // Browsers send a quote in a multipart file name as %22 (HTML form encoding); show it as typed.
  const base = (name.split(/[\\/]/).pop() ?? '').replaceAll('%22', '"');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(-255);
}

/**
 * Anything that goes wrong while the parts are read comes from the request itself (busboy's
 * 'Boundary not found', 'Unexpected end of form', a malformed header, a body cut short): 400.
 */
function fromMultipartError(error: unknown, tooLarge: string): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest('Send one file at a time.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('The form has too many fields.');
  return badRequest('The form data could not be read. Please try again.');
}

/**
 * Reads a multipart upload: the fields, and the one part named `file` held in memory, refused
 * with 413 and `tooLarge` as soon as it passes maxMb (the company's limit). A request that is not
 * multipart, or has no file or an empty one, has no file: the caller answers 'A file is required'.
 */
export async function readUpload(request: FastifyRequest, maxMb: number, tooLarge: string): Promise<Upload> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  if (!request.isMultipart()) return { fields, file };
  const fileSize = Math.min(Math.max(0, maxMb) * MB, MAX_UPLOAD_BYTES);
  try {
    for await (const part of request.parts({ limits: { fileSize } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && data.length > 0) {
          if (!part.filename) throw badRequest(FILE_NAME_REQUIRED);
          file = { data, fileName: cleanFileName(part.filename) };
        }
      } else if (part.valueTruncated) {
        throw badRequest(`The field ${part.fieldname} is too long.`);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw fromMultipartError(error, tooLarge);
  }
  assertStorableText(fields);
  return { fields, file };
}

/** The file of an upload, or 400 'A file is required'. */
export function requireFile(upload: Upload): UploadedFile {
  if (!upload.file) throw badRequest(PART_MESSAGES.fileRequired);
  return upload.file;
}
