import { PROFILE_MESSAGES } from '@blotter/shared';
import type { FastifyRequest } from 'fastify';
import { detectFileType, READABLE_IMAGE_TYPES } from '../../platform/file-type';
import { squareAvatar } from '../../platform/images';
import { newFileKey } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { AppError, badRequest } from '../../plugins/errors';
import { fileSizeLimits, readUpload, requireFile } from '../files/upload';
import { removeStoredFiles, type UploadDeps } from '../files/upload-deps';
import { replaceAvatar } from './profile.service';

/**
 * POST /users/avatars: an image (its type judged from the bytes) within the company's
 * maxAvatarFileSize MB, stored as a 512×512 JPEG under a new key (cached copies of the old picture
 * are never served); the old picture is removed once the new key is committed.
 */
export async function uploadAvatar(deps: UploadDeps, principal: Principal, request: FastifyRequest) {
  const { avatar: mb } = await deps.tenant((tx) => fileSizeLimits(tx, principal.accountId));
  const file = requireFile(await readUpload(request, mb, PROFILE_MESSAGES.avatarTooLarge(mb)));
  const type = await detectFileType(file.data);
  if (!type || !READABLE_IMAGE_TYPES.includes(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PROFILE_MESSAGES.avatarType);
  }
  const picture = await squareAvatar(file.data);
  if (!picture) throw badRequest('The picture could not be read. Please choose another image.');
  const key = newFileKey(principal.accountId, 'avatars', picture.ext);
  await deps.storage.put(key, picture.data);
  let old: string | null;
  try {
    old = await deps.tenant((tx) => replaceAvatar(tx, principal, key));
  } catch (error) {
    await removeStoredFiles(deps, [key]);
    throw error;
  }
  await removeStoredFiles(deps, [old]);
  return { data: deps.signer.url(key, principal.accountId) };
}
