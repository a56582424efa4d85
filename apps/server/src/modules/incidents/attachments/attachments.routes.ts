import {
  attachmentEditSchema,
  attachmentSchema,
  idParams,
  type Privilege,
  pictureUploadAnswer,
  VIEW_INCIDENT_PRIVILEGES,
} from '@blotter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../../plugins/route';
import { removeStoredFiles, type UploadDeps } from '../../files/upload-deps';
import { IDEMPOTENCY_SUMMARY } from '../../idempotency/idempotency.service';
import { idempotencyKeyOf } from '../../idempotency/idempotency-request';
import { uploadAttachment, uploadPicture } from './attachment-upload';
import { listDraftAttachments, listIncidentAttachments, toAttachment } from './attachments.queries';
import { deleteAttachment, editAttachment } from './attachments.service';

/** Whoever can fill in the incident form: a new draft (ADD) or an incident being edited (EDIT). */
const FORM_PRIVILEGES: readonly Privilege[] = ['MYINCIDENT_ADD', 'MYINCIDENT_EDIT', 'ALLINCIDENT_EDIT'];

export async function attachmentRoutes(app: FastifyInstance) {
  const deps = (request: FastifyRequest, tenant: UploadDeps['tenant']): UploadDeps => ({
    tenant,
    storage: app.storage,
    signer: app.fileSigner,
    log: request.log,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/incidents/attachments',
    tag: 'Attachments',
    summary:
      'Upload a file (multipart: incidentId = draft or incident id, name, comments, incidentItemId, ' +
      'incidentVehicleId, file). The type comes from the bytes; at most the company’s maxUploadFileSize MB. ' +
      `${IDEMPOTENCY_SUMMARY} The request is the fields, the file's name and its bytes; a retry stores nothing ` +
      'and answers the first attachment as it is now, with fresh signed URLs.',
    privileges: FORM_PRIVILEGES,
    multipart: true,
    response: attachmentSchema,
    handler: ({ auth, request, tenant }) =>
      uploadAttachment(deps(request, tenant), auth, request, idempotencyKeyOf(request)),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/incidents/attachments',
    tag: 'Attachments',
    summary: 'Rename an attachment or change its description.',
    privileges: FORM_PRIVILEGES,
    body: attachmentEditSchema,
    response: attachmentSchema,
    handler: async ({ auth, body, tenant }) => {
      const row = await tenant((tx) => editAttachment(tx, auth, body));
      return toAttachment(row, app.fileSigner, auth.accountId);
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/incidents/attachments/:id',
    tag: 'Attachments',
    summary: 'Delete an attachment; one already stored on an incident needs DELETE_ATTACHMENT.',
    privileges: FORM_PRIVILEGES,
    params: idParams,
    response: null,
    handler: async ({ auth, params, request, tenant }) => {
      const keys = await tenant((tx) => deleteAttachment(tx, auth, params.id));
      await removeStoredFiles(deps(request, tenant), keys);
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/draftIncidents/:id/attachments',
    tag: 'Attachments',
    summary: "The attachments of the user's own draft (with those of its incident when editing one).",
    params: idParams,
    response: z.array(attachmentSchema),
    handler: async ({ auth, params, tenant }) => {
      const rows = await tenant((tx) => listDraftAttachments(tx, auth, params.id));
      return rows.map((row) => toAttachment(row, app.fileSigner, auth.accountId));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/incidents/:id/attachments',
    tag: 'Attachments',
    summary: 'The attachments of an incident the user may see, in upload order, with fresh signed URLs.',
    privileges: VIEW_INCIDENT_PRIVILEGES,
    params: idParams,
    response: z.array(attachmentSchema),
    handler: async ({ auth, params, tenant }) => {
      const rows = await tenant((tx) => listIncidentAttachments(tx, auth, params.id));
      return rows.map((row) => toAttachment(row, app.fileSigner, auth.accountId));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/incidents/persons/picture/:id',
    tag: 'Attachments',
    summary:
      'Upload the cropped picture of person card :id (multipart: incidentId = draft or incident id, file); ' +
      'an image of at most maxAvatarFileSize MB, stored as a JPEG of at most 512×512.',
    privileges: FORM_PRIVILEGES,
    multipart: true,
    params: idParams,
    response: pictureUploadAnswer,
    handler: ({ auth, request, tenant }) => uploadPicture(deps(request, tenant), auth, request),
  });
}
