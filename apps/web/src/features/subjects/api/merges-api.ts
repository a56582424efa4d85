import type {
  MergeableKind,
  MergeCandidate,
  SubjectMerge,
  UnmergeResult,
} from '@blotter/shared/schemas/subject-merges';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type Paged, SUBJECT_PAGE_SIZE } from './subjects-api';

/** Persons and legal entities can be merged; vehicles are one subject per plate already. */
export const isMergeable = (kind: string): kind is MergeableKind => kind === 'person' || kind === 'legalEntity';

const subjectPath = (kind: string, id: string) => `/subjects/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/** Under the subject's detail key, so a change of any subject reads them again (queryKeys.subjects.all). */
const mergeKeys = {
  candidates: (kind: string, id: string, q: string, page: number) =>
    [...queryKeys.subjects.detail(kind, id), 'duplicates', q, page] as const,
  merges: (kind: string, id: string, page: number) => [...queryKeys.subjects.detail(kind, id), 'merges', page] as const,
};

/** GET /subjects/:kind/:id/duplicates: the likely duplicates, or (q) the register searched by name. */
export function useMergeCandidates(kind: string, id: string, q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: mergeKeys.candidates(kind, id, q, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ p: String(page), psz: String(SUBJECT_PAGE_SIZE) });
      if (q) query.set('q', q);
      return apiFetch<Paged<MergeCandidate>>(`${subjectPath(kind, id)}/duplicates?${query}`, { signal });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /subjects/:kind/:id/merges: the merges into the record that can still be undone. */
export function useSubjectMerges(kind: string, id: string, page: number) {
  return useQuery({
    queryKey: mergeKeys.merges(kind, id, page),
    queryFn: ({ signal }) =>
      apiFetch<Paged<SubjectMerge>>(`${subjectPath(kind, id)}/merges?p=${page}&psz=${SUBJECT_PAGE_SIZE}`, { signal }),
    enabled: isMergeable(kind),
    placeholderData: keepPreviousData,
  });
}

/** A merge or unmerge changes lists, counts, timelines and bans: every subjects query is read again. */
function useInvalidateSubjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
}

/** POST /subjects/:kind/:keptId/merge: merges mergedId into keptId. */
export function useMergeSubjects(kind: string) {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: ({ keptId, mergedId }: { keptId: string; mergedId: string }) =>
      apiFetch<SubjectMerge>(`${subjectPath(kind, keptId)}/merge`, { method: 'POST', body: { mergedId } }),
    onSuccess: invalidate,
  });
}

/** POST /subjects/merges/:id/undo. */
export function useUnmerge() {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: (mergeId: string) =>
      apiFetch<UnmergeResult>(`/subjects/merges/${encodeURIComponent(mergeId)}/undo`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}
