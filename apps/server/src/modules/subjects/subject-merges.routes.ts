import {
  duplicateQuery,
  idParams,
  mergeBody,
  mergeCandidatePageSchema,
  pageQuery,
  subjectMergePageSchema,
  subjectMergeSchema,
  subjectParams,
  unmergeResultSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import { mergeCandidates } from './merge-candidates';
import { listMerges, mergeSubjects, unmergeSubjects } from './merges.service';

/**
 * Merging duplicate records of the register (issue 31 §3): the likely duplicates of a person or
 * legal entity, the merge, the merges into a record that can still be undone, and the unmerge.
 * Reading the merges needs SUBJECT_VIEW; the rest SUBJECT_EDIT.
 */
export async function subjectMergeRoutes(app: FastifyInstance) {
  const tag = 'Subjects';

  defineRoute(app, {
    method: 'GET',
    url: '/subjects/:kind/:id/duplicates',
    writes: true,
    tag,
    summary:
      "A page of the records the person or legal entity could be merged with: without q, its likely duplicates (the same name; for a user with PRIVACY_INFO_VIEW, also the same last name and date of birth); with q, the register's records of the same kind by name. A person's date of birth and place are blanked without PRIVACY_INFO_VIEW; shown, they are audited (SUBJECT READ_PRIVATE).",
    privileges: ['SUBJECT_EDIT'],
    params: subjectParams,
    query: duplicateQuery,
    response: mergeCandidatePageSchema,
    handler: ({ auth, params, query, tenant }) => tenant((tx) => mergeCandidates(tx, auth, params, query)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/subjects/:kind/:id/merge',
    tag,
    summary:
      "Merges the record mergedId into :id (kept): every incident link and ban of the merged record moves to the kept one, and the merged record leaves the register. Two persons or two legal entities only, never the company's own entry. Can be undone within 30 days. Audited (SUBJECT MERGE).",
    privileges: ['SUBJECT_EDIT'],
    params: subjectParams,
    body: mergeBody,
    response: subjectMergeSchema,
    handler: ({ auth, params, body, tenant }) => tenant((tx) => mergeSubjects(tx, auth, params, body)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/subjects/:kind/:id/merges',
    writes: true,
    tag,
    summary:
      "The merges into the person or legal entity that can still be undone (the last 30 days), newest first (paged: p, psz): who merged which record when, and the merged record's card (a person's private fields blanked without PRIVACY_INFO_VIEW; shown, audited as SUBJECT READ_PRIVATE).",
    privileges: ['SUBJECT_VIEW'],
    params: subjectParams,
    query: pageQuery,
    response: subjectMergePageSchema,
    handler: ({ auth, params, query, tenant }) => tenant((tx) => listMerges(tx, auth, params, query)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/subjects/merges/:id/undo',
    tag,
    summary:
      'Undoes a merge within 30 days: the merged record comes back as it was, with exactly the incident links and bans that moved. Audited (SUBJECT UNMERGE).',
    privileges: ['SUBJECT_EDIT'],
    params: idParams,
    response: unmergeResultSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => unmergeSubjects(tx, auth, params.id)),
  });
}
