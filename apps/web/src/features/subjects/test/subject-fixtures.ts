import type { InitData } from '@blotter/shared/schemas/commons';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import type { Ban, SubjectDetail, SubjectRow } from '@blotter/shared/schemas/subjects';
import { HttpResponse, http } from 'msw';
import { api, server } from '../../../test/msw-server';

export const PERSON_ID = '11111111-1111-4111-8111-111111111111';
export const NORTH_MALL = '22222222-2222-4222-8222-222222222222';
export const ENTRANCE = '33333333-3333-4333-8333-333333333333';

const node = (id: string, name: string, children: LookupNode[] = [], parentId: string | null = null): LookupNode => ({
  id,
  type: 'location',
  name,
  active: true,
  parentId,
  level: parentId ? 2 : 1,
  parentPath: '',
  label: name,
  addressId: null,
  children,
});

/** The initial data the subject pages read: the date format (MDY), the location tree and the zone. */
export function serveInitData() {
  const initData = {
    countries: [],
    states: [],
    notifications: [],
    lookupLabels: {},
    multipleLookups: { location: [node(NORTH_MALL, 'North Mall', [node(ENTRANCE, 'Entrance', [], NORTH_MALL)])] },
    singleLookups: {},
    investigators: [],
    userAvatars: [],
    companySettings: { dateFormat: 1, timeZone: 'UTC', autoLogoutTime: 0 },
    fileSizeLimit: {},
    accountActive: true,
    demoCompany: false,
    version: '1',
  } as unknown as InitData;
  server.use(http.get(api('/commons/initData'), () => HttpResponse.json(initData)));
}

export function subjectRow(index: number, overrides: Partial<SubjectRow> = {}): SubjectRow {
  return {
    kind: 'person',
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    displayName: `Person ${index}`,
    detail: '',
    photoUrl: null,
    incidentCount: 1,
    latestIncident: null,
    activeBan: null,
    ...overrides,
  };
}

export function subjectDetail(overrides: Partial<SubjectDetail> = {}): SubjectDetail {
  return {
    kind: 'person',
    id: PERSON_ID,
    displayName: 'John Smith',
    photoUrl: null,
    aliases: ['Johnny'],
    person: null,
    legalEntity: null,
    vehicle: null,
    incidentCount: 3,
    activeBan: 'ban',
    lastSeenDate: '2026-11-01T15:00:00.000Z',
    ...overrides,
  };
}

export function ban(overrides: Partial<Ban> = {}): Ban {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    subjectKind: 'person',
    subjectId: PERSON_ID,
    banType: 'ban',
    reason: 'Shoplifting, three times',
    locationIds: [ENTRANCE],
    startDate: '2026-11-01',
    endDate: '2027-03-12',
    status: 'active',
    issuedByName: 'Ada Admin',
    notice: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    revokedAt: null,
    ...overrides,
  };
}

export const pageOf = <T>(items: T[], total = items.length, page = 0, pageSize = 10) => ({
  items,
  total,
  page,
  pageSize,
});
