import type {
  Ban,
  BanBody,
  SubjectDetail,
  SubjectIncident,
  SubjectKind,
  SubjectRow,
} from '@blotter/shared/schemas/subjects';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchPdf } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { uploadWithProgress } from '../../../lib/upload';

/** A page of a server-paged list as the API answers it (`pageOf`). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const SUBJECT_PAGE_SIZE = 10;

export interface SubjectListParams {
  q: string;
  kind: SubjectKind | undefined;
  p: number;
  psz: number;
}

/** GET /subjects: a page of the company's persons, legal entities and vehicles. */
export function useSubjectPage(params: SubjectListParams) {
  return useQuery({
    queryKey: queryKeys.subjects.page(params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ p: String(params.p), psz: String(params.psz) });
      if (params.q) query.set('q', params.q);
      if (params.kind) query.set('kind', params.kind);
      return apiFetch<Paged<SubjectRow>>(`/subjects?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

const subjectPath = (kind: string, id: string) => `/subjects/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/** GET /subjects/:kind/:id: the identity (private fields masked by the server without PRIVACY_INFO_VIEW). */
export function useSubjectDetail(kind: string, id: string) {
  return useQuery({
    queryKey: queryKeys.subjects.detail(kind, id),
    queryFn: ({ signal }) => apiFetch<SubjectDetail>(subjectPath(kind, id), { signal }),
  });
}

/** GET /subjects/:kind/:id/incidents: the timeline, newest first. */
export function useSubjectIncidents(kind: string, id: string, page: number) {
  return useQuery({
    queryKey: queryKeys.subjects.incidents(kind, id, page),
    queryFn: ({ signal }) =>
      apiFetch<Paged<SubjectIncident>>(`${subjectPath(kind, id)}/incidents?p=${page}&psz=${SUBJECT_PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /subjects/:kind/:id/bans: the bans, notices and watches, newest start first. */
export function useSubjectBans(kind: string, id: string, page: number) {
  return useQuery({
    queryKey: queryKeys.subjects.bans(kind, id, page),
    queryFn: ({ signal }) =>
      apiFetch<Paged<Ban>>(`${subjectPath(kind, id)}/bans?p=${page}&psz=${SUBJECT_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A ban changes the list's badge, the identity's and the bans card: every subjects query is read again. */
function useInvalidateSubjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
}

/** POST /subjects/:kind/:id/bans. */
export function useCreateBan(kind: string, id: string) {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: (body: BanBody) => apiFetch<Ban>(`${subjectPath(kind, id)}/bans`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** PUT /subjects/bans/:id: changes the terms of a ban that is not revoked. */
export function useUpdateBan() {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: ({ banId, body }: { banId: string; body: BanBody }) =>
      apiFetch<Ban>(`/subjects/bans/${encodeURIComponent(banId)}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** GET /subjects/bans/:id/print: the ban or trespass notice as a PDF to hand out and sign. */
export function printBanNotice(banId: string): Promise<Blob> {
  return apiFetchPdf(`/subjects/bans/${encodeURIComponent(banId)}/print`);
}

/** DELETE /subjects/bans/:id: revokes (the ban stays in the history). */
export function useRevokeBan() {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: (banId: string) => apiFetch<void>(`/subjects/bans/${encodeURIComponent(banId)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** POST /subjects/bans/:id/notice (multipart `file`): the signed notice, a PDF or an image. */
export function useUploadNotice() {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: ({ banId, file }: { banId: string; file: File }) =>
      uploadWithProgress<Ban>(`/subjects/bans/${encodeURIComponent(banId)}/notice`, { fields: { file } }),
    onSuccess: invalidate,
  });
}
