import {
  draftCountsSchema,
  draftCreateBody,
  draftListQuery,
  draftPageSchema,
  draftSaveBody,
  draftSavedSchema,
  draftSchema,
  idParams,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../plugins/route';
import { IDEMPOTENCY_SUMMARY, replayedResource, runIdempotent } from '../../idempotency/idempotency.service';
import { idempotentJsonRequest } from '../../idempotency/idempotency-request';
import { pictureFolder } from '../incident-fields';
import { draftForUser } from '../incident-privacy';
import type { StoredDraft } from './drafts.queries';
import { countDrafts, listDrafts } from './drafts.queries';
import { createDraft, DRAFT_PRIVILEGES, deleteDraft, readDraft, saveDraft } from './drafts.service';
import { removeStoredFiles } from './stored-files';

export async function draftRoutes(app: FastifyInstance) {
  /** Signed URLs for the person pictures of a draft, so the form can show them after a reload. */
  const withPictureUrls = (draft: StoredDraft, accountId: string) => {
    const folder = pictureFolder(accountId);
    const pictureUrls: Record<string, string> = {};
    // Data saved by an older version may lack persons; the answer's schema fills the defaults.
    for (const { personPicture } of draft.data.persons ?? []) {
      if (personPicture?.startsWith(folder)) pictureUrls[personPicture] = app.fileSigner.url(personPicture, accountId);
    }
    return { ...draft, pictureUrls };
  };

  defineRoute(app, {
    method: 'GET',
    url: '/draftIncidents',
    tag: 'Drafts',
    summary:
      "A page (p from 0, psz rows, default 10) of the user's drafts (status 0) and incidents being edited " +
      '(status 3; only while the user may still see the incident), optionally of one status, the newest change ' +
      'first, with the total: { items, total, page, pageSize }. The drafts’ data is not read.',
    query: draftListQuery,
    response: draftPageSchema,
    handler: ({ auth, query, tenant }) => tenant((tx) => listDrafts(tx, auth, query)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/draftIncidents/counts',
    tag: 'Drafts',
    summary: 'The dashboard card: how many of the drafts of GET /draftIncidents are new (0) and being edited (3).',
    response: draftCountsSchema,
    handler: ({ auth, tenant }) => tenant((tx) => countDrafts(tx, auth)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/draftIncidents',
    tag: 'Drafts',
    summary:
      'A new empty draft (MYINCIDENT_ADD), or with incidentId the open-draft of that open incident ' +
      '(ALLINCIDENT_EDIT, or MYINCIDENT_EDIT for its creator); an existing open-draft of the user is answered. ' +
      `${IDEMPOTENCY_SUMMARY} A retry answers the draft as it is now (404 once it was submitted or deleted).`,
    privileges: DRAFT_PRIVILEGES,
    body: draftCreateBody,
    response: draftSchema,
    handler: async ({ auth, body, tenant, request }) => {
      const idempotent = idempotentJsonRequest(request, 'POST /draftIncidents');
      const draft = await tenant(async (tx) => {
        const { value } = await runIdempotent(tx, auth, idempotent, {
          run: () => createDraft(tx, auth, body.incidentId),
          keep: (created) => ({ resourceId: created.id }),
          replay: (record) => readDraft(tx, auth, replayedResource(record, 'Draft')),
        });
        return draftForUser(tx, auth, value);
      });
      return withPictureUrls(draft, auth.accountId);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/draftIncidents',
    tag: 'Drafts',
    summary:
      'Saves the whole data of one of the user’s drafts (MYINCIDENT_ADD for a draft, ' +
      'MYINCIDENT_EDIT or ALLINCIDENT_EDIT for an open-draft).',
    privileges: DRAFT_PRIVILEGES,
    body: draftSaveBody,
    response: draftSavedSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => saveDraft(tx, auth, body.id, body.data, body)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/draftIncidents/:id',
    tag: 'Drafts',
    summary: 'One of the user’s drafts with its data (another user’s draft is not found).',
    params: idParams,
    response: draftSchema,
    handler: async ({ auth, params, tenant }) =>
      withPictureUrls(
        await tenant(async (tx) => draftForUser(tx, auth, await readDraft(tx, auth, params.id))),
        auth.accountId,
      ),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/draftIncidents/:id',
    tag: 'Drafts',
    summary: 'Deletes one of the user’s drafts with the files uploaded to it.',
    privileges: DRAFT_PRIVILEGES,
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant, request }) => {
      const fileKeys = await tenant((tx) => deleteDraft(tx, auth, params.id));
      await removeStoredFiles(app.storage, fileKeys, request.log);
      return undefined;
    },
  });
}
