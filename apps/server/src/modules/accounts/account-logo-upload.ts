import { SETTINGS_MESSAGES } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accounts } from '../../db/schema/index';
import { detectFileType, READABLE_IMAGE_TYPES } from '../../platform/file-type';
import { newFileKey } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';
import { readUpload, requireFile } from '../files/upload';
import { removeStoredFiles, type UploadDeps } from '../files/upload-deps';
import { companyLogoKey } from '../reports/account-logo';
import { changeAccount } from './accounts.service';

async function logoLimitMb(deps: UploadDeps, accountId: string) {
  return deps.tenant(async (tx) => {
    const [row] = await tx
      .select({ mb: accounts.maxLogoFileSize })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    if (!row) throw notFound('Company');
    return row.mb;
  });
}

/** Sets the logo key, answering the key it replaced (removed from storage once committed). */
async function replaceLogo(deps: UploadDeps, principal: Principal, key: string | null) {
  return deps.tenant(async (tx) => {
    const [before] = await tx
      .select({ logoImage: accounts.logoImage })
      .from(accounts)
      .where(eq(accounts.id, principal.accountId))
      .limit(1);
    await changeAccount(tx, principal, { logoImage: key });
    return companyLogoKey(principal.accountId, before?.logoImage);
  });
}

/**
 * POST /accounts/logo: an image (its type judged from the bytes) within the company's
 * maxLogoFileSize MB, stored under a new key so cached copies of the old logo are never served.
 */
export async function uploadLogo(deps: UploadDeps, principal: Principal, request: FastifyRequest) {
  const mb = await logoLimitMb(deps, principal.accountId);
  const file = requireFile(await readUpload(request, mb, SETTINGS_MESSAGES.logoTooLarge(mb)));
  const type = await detectFileType(file.data);
  if (!type || !READABLE_IMAGE_TYPES.includes(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', SETTINGS_MESSAGES.logoType);
  }
  const key = newFileKey(principal.accountId, 'logos', type.ext);
  await deps.storage.put(key, file.data);
  let old: string | null;
  try {
    old = await replaceLogo(deps, principal, key);
  } catch (error) {
    await removeStoredFiles(deps, [key]);
    throw error;
  }
  await removeStoredFiles(deps, [old]);
  return { logoImage: deps.signer.url(key, principal.accountId) };
}

/** DELETE /accounts/logo: the company has no logo any more (reports print without one). */
export async function deleteLogo(deps: UploadDeps, principal: Principal) {
  const old = await replaceLogo(deps, principal, null);
  await removeStoredFiles(deps, [old]);
}
