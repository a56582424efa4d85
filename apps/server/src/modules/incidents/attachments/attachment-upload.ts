import { type Attachment, attachmentUploadFields, UUID_PATTERN } from '@blotter/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { detectFileType, READABLE_IMAGE_TYPES, UNSUPPORTED_FILE_MESSAGE } from '../../../platform/file-type';
import { makeThumbnail, normalizePicture } from '../../../platform/images';
import { newFileKey } from '../../../platform/storage';
import type { Principal } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import { fileSizeLimits, readUpload, requireFile } from '../../files/upload';
import { removeStoredFiles, type UploadDeps } from '../../files/upload-deps';
import { earlierIdempotentRequest, replayedResource, runIdempotent } from '../../idempotency/idempotency.service';
import { type IdempotentRequest, uploadRequestHash } from '../../idempotency/idempotency-request';
import { resolveTarget, resolveUploadTarget, toAttachment, uploadedAttachment } from './attachments.queries';
import { insertAttachment } from './attachments.service';

export const PICTURE_TYPE_MESSAGE = 'The picture must be an image (JPEG, PNG, GIF, WebP or AVIF).';

const pictureFields = z.object({
  incidentId: z.string({ error: 'Invalid id' }).regex(UUID_PATTERN, 'Invalid id'),
});

/**
 * POST /incidents/attachments. The database work is split in short transactions around the file
 * work (reading the body, decoding images, storing), so no transaction is held open meanwhile:
 * limits → read → target (404 before anything about the content) → type from the bytes (415) →
 * thumbnail → store → insert (the files are removed again if the insert fails).
 *
 * With an Idempotency-Key (`key`), an upload already answered is answered again (the attachment
 * read again, with fresh signed URLs) once its target is checked, before anything is stored; the key is claimed in the insert's
 * transaction, and when a duplicate sent at the same time won it meanwhile, the files just stored
 * are removed and the winner's attachment is answered.
 */
export async function uploadAttachment(
  deps: UploadDeps,
  principal: Principal,
  request: FastifyRequest,
  key?: string | undefined,
) {
  const limits = await deps.tenant((tx) => fileSizeLimits(tx, principal.accountId));
  const upload = await readUpload(request, limits.upload, `The file must be at most ${limits.upload} MB.`);
  const file = requireFile(upload);
  const idempotent: IdempotentRequest | undefined =
    key === undefined
      ? undefined
      : { key, route: 'POST /incidents/attachments', requestHash: uploadRequestHash(upload.fields, file) };
  const replayed = (id: string) =>
    deps.tenant(async (tx) =>
      toAttachment(await uploadedAttachment(tx, principal, id), deps.signer, principal.accountId),
    );
  const fields = attachmentUploadFields.parse({ incidentId: '', name: '', ...upload.fields });
  // The target is checked before a replay too: a user who has lost the right to edit it since the
  // first upload (privileges changed, incident closed or locked) gets the refusal a fresh upload gets.
  await deps.tenant((tx) => resolveUploadTarget(tx, principal, fields));
  if (idempotent) {
    const earlier = await deps.tenant((tx) => earlierIdempotentRequest(tx, principal, idempotent));
    if (earlier) return replayed(replayedResource(earlier, 'Attachment'));
  }
  const type = await detectFileType(file.data, file.fileName);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_FILE_MESSAGE);
  const thumbnail = type.attachmentType === 'IMAGE' ? await makeThumbnail(file.data) : undefined;
  const fileKey = newFileKey(principal.accountId, 'attachments', type.ext);
  const thumbnailKey = thumbnail ? newFileKey(principal.accountId, 'thumbnails', thumbnail.ext) : null;
  try {
    await deps.storage.put(fileKey, file.data);
    if (thumbnail && thumbnailKey) await deps.storage.put(thumbnailKey, thumbnail.data);
    const inserted = await deps.tenant((tx) =>
      runIdempotent(tx, principal, idempotent, {
        run: () =>
          insertAttachment(tx, principal, {
            ...fields,
            fileKey,
            thumbnailKey,
            fileName: file.fileName,
            fileSize: file.data.length,
            type,
          }),
        keep: (row) => ({ resourceId: row.id }),
        replay: (record) => uploadedAttachment(tx, principal, replayedResource(record, 'Attachment')),
      }),
    );
    if (inserted.replayed) await removeStoredFiles(deps, [fileKey, thumbnailKey]);
    return toAttachment(inserted.value, deps.signer, principal.accountId) satisfies Attachment;
  } catch (error) {
    await removeStoredFiles(deps, [fileKey, thumbnailKey]);
    throw error;
  }
}

/**
 * POST /incidents/persons/picture/:id: the cropped picture of a person card, re-encoded as a JPEG
 * of at most 512×512 without metadata. The answer's fileName is the storage key the card keeps in
 * personPicture. The card id names no stored row (the card may not be saved yet): the draft or
 * incident it is uploaded for is what is checked.
 */
export async function uploadPicture(deps: UploadDeps, principal: Principal, request: FastifyRequest) {
  const limits = await deps.tenant((tx) => fileSizeLimits(tx, principal.accountId));
  const upload = await readUpload(request, limits.avatar, `The picture must be at most ${limits.avatar} MB.`);
  const file = requireFile(upload);
  const fields = pictureFields.parse({ incidentId: '', ...upload.fields });
  await deps.tenant((tx) => resolveTarget(tx, principal, fields.incidentId));
  const type = await detectFileType(file.data);
  if (!type || !READABLE_IMAGE_TYPES.includes(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PICTURE_TYPE_MESSAGE);
  }
  const picture = await normalizePicture(file.data);
  if (!picture) throw badRequest('The picture could not be read. Please choose another image.');
  const key = newFileKey(principal.accountId, 'pictures', 'jpg');
  await deps.storage.put(key, picture.data);
  return { fileName: key, sasKey: deps.signer.url(key, principal.accountId) };
}
