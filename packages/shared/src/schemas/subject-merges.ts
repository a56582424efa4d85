import { z } from 'zod';
import { id, pageOf, pageQuery } from './common';
import { legalEntitySchema, personSchema } from './incident-parts';

/**
 * Merging two register records of the same person or legal entity (issue 31 §3): every incident
 * link and ban of the merged record moves to the kept one; the merge can be undone within
 * MERGE_UNDO_DAYS, which restores the merged record with exactly the links that moved.
 */

export const MERGEABLE_KINDS = ['person', 'legalEntity'] as const;
export type MergeableKind = (typeof MERGEABLE_KINDS)[number];

/** How long a merge can be undone. */
export const MERGE_UNDO_DAYS = 30;

export const MERGE_MESSAGES = {
  notMergeable: 'Only persons and legal entities can be merged.',
  self: 'A record cannot be merged with itself.',
  otherKind: 'Only two records of the same kind can be merged: two persons, or two legal entities.',
  owner: "The company's own entry cannot be merged.",
  tooLate: `This merge is more than ${MERGE_UNDO_DAYS} days old and can no longer be undone.`,
  undone: 'This merge has been undone already.',
  keptGone: 'The record kept by this merge has since been merged into another one: undo that merge first.',
  invalidMerged: 'mergedId must be the id of a register record',
} as const;

/** POST /subjects/:kind/:id/merge: the record to merge into :id (which is kept). */
export const mergeBody = z.object({ mergedId: id(MERGE_MESSAGES.invalidMerged) });
export type MergeBody = z.infer<typeof mergeBody>;

/** GET /subjects/:kind/:id/duplicates: likely duplicates, or (q) the register searched by name. */
export const duplicateQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'The search text must be at most 100 characters.').default(''),
});
export type DuplicateQuery = z.infer<typeof duplicateQuery>;

/** Why a record is offered: the same name, the same last name and date of birth, or the search typed. */
export const DUPLICATE_REASONS = ['name', 'dateOfBirth', 'search'] as const;

/**
 * A record the subject could be merged with. A person's date of birth and place are private: blank
 * with privateHidden for a user without PRIVACY_INFO_VIEW.
 */
export const mergeCandidateSchema = z.object({
  kind: z.enum(MERGEABLE_KINDS),
  id: z.string(),
  displayName: z.string(),
  /** Persons: the alias; legal entities: the contact. */
  detail: z.string(),
  dateOfBirth: z.string(),
  /** City and state/province. */
  place: z.string(),
  privateHidden: z.boolean().optional(),
  /** The incidents of the record the caller may see (those move with the merge). */
  incidentCount: z.number().int(),
  lastSeenDate: z.string().nullable(),
  reason: z.enum(DUPLICATE_REASONS),
});
export type MergeCandidate = z.output<typeof mergeCandidateSchema>;
export const mergeCandidatePageSchema = pageOf(mergeCandidateSchema);

/**
 * A merge into a record that can still be undone: who merged which record when, and the merged
 * record's card as it was (its private fields masked for a user without PRIVACY_INFO_VIEW).
 */
export const subjectMergeSchema = z.object({
  id: z.string(),
  kind: z.enum(MERGEABLE_KINDS),
  keptId: z.string(),
  mergedId: z.string(),
  mergedName: z.string(),
  mergedByName: z.string(),
  mergedAt: z.string(),
  /** The last moment the merge can be undone. */
  undoUntil: z.string(),
  person: personSchema.nullable(),
  legalEntity: legalEntitySchema.nullable(),
});
export type SubjectMerge = z.output<typeof subjectMergeSchema>;
export const subjectMergePageSchema = pageOf(subjectMergeSchema);

/** POST /subjects/merges/:id/undo: the record restored. */
export const unmergeResultSchema = z.object({ kind: z.enum(MERGEABLE_KINDS), id: z.string(), displayName: z.string() });
export type UnmergeResult = z.output<typeof unmergeResultSchema>;
