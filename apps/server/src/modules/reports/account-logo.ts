import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { detectFileType, READABLE_IMAGE_TYPES } from '../../platform/file-type';
import { accountFolder, type StorageAdapter } from '../../platform/storage';
import { notFound } from '../../plugins/errors';
import { readStoredFile } from '../print/print-images';

/** The company's logo key when it lies in the company's own folder (a key elsewhere is never read). */
export function companyLogoKey(accountId: string, logoImage: string | null | undefined): string | null {
  return logoImage?.startsWith(`${accountFolder(accountId)}/`) ? logoImage : null;
}

export interface CompanyLogo {
  bytes: Buffer;
  contentType: string;
  /** Changes with the logo: a new logo is stored under a new key. */
  etag: string;
}

/** The storage key of the company's logo, or null when it has none. */
export async function companyLogoKeyOf(tx: Executor, accountId: string): Promise<string | null> {
  const [account] = await tx
    .select({ logoImage: accounts.logoImage })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return companyLogoKey(accountId, account?.logoImage);
}

/**
 * The company's logo image (GET /accounts/logo): its bytes and their type judged from the bytes;
 * 404 'Logo not found.' when the company has none, or its file is missing or not an image.
 */
export async function readCompanyLogo(storage: StorageAdapter, key: string | null): Promise<CompanyLogo> {
  const bytes = key ? await readStoredFile(storage, key) : undefined;
  const type = bytes ? await detectFileType(bytes) : undefined;
  if (!key || !bytes || !type || !READABLE_IMAGE_TYPES.includes(type.mime)) throw notFound('Logo');
  return {
    bytes,
    contentType: type.mime,
    etag: `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`,
  };
}
