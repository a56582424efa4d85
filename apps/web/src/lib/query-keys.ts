import type { PageParams } from './page-query';

/**
 * Every TanStack Query key of the web app, one factory per resource: queries, mutations and
 * invalidations all take their keys from here, so a list refreshed after a change is the list
 * that was read. A key that starts another invalidates it too: an incident's parts and history
 * sit under its detail key, a list's pages and counts under the list's key.
 */
export const queryKeys = {
  /** The two-factor verification phone, per credential (a sign-in's step token or the session). */
  mfa: {
    all: ['mfa'] as const,
    device: (credential: string) => ['mfa', 'device', credential] as const,
  },
  commons: {
    initData: ['commons', 'initData'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
  },
  /** The public list of countries (the sign-up form). */
  countries: {
    all: ['countries'] as const,
  },
  /** The company's incident email notification rules (administration), not the banners above. */
  incidentNotifications: {
    all: ['incidentNotifications'] as const,
  },
  /** Issue 32 §2: the API access card's pages of tokens. */
  apiTokens: {
    all: ['apiTokens'] as const,
    page: (page: number) => ['apiTokens', 'page', page] as const,
  },
  /** Issue 32 §3: the company's webhook endpoints and each one's delivery log. */
  webhooks: {
    all: ['webhooks'] as const,
    page: (p: number) => ['webhooks', 'page', p] as const,
    deliveries: (id: string, p: number) => ['webhooks', 'deliveries', id, p] as const,
  },
  incidents: {
    /** Every query of the user's incidents (pages and counts): invalidating it refreshes them all. */
    my: ['incidents', 'my'] as const,
    myPage: (params: PageParams) => ['incidents', 'my', 'page', params] as const,
    myCounts: ['incidents', 'my', 'counts'] as const,
    detail: (id: string) => ['incidents', 'detail', id] as const,
    parts: (id: string) => ['incidents', 'detail', id, 'parts'] as const,
    history: (id: string) => ['incidents', 'detail', id, 'history'] as const,
    /** Issue 31 §5: the alerts stored at the incident's last save. */
    subjectAlerts: (id: string) => ['incidents', 'detail', id, 'subjectAlerts'] as const,
    historyCompare: (historyId: string) => ['incidents', 'historyCompare', historyId] as const,
    /** A person picture's signed URL by its storage key. */
    personPicture: (fileName: string) => ['incidents', 'personPicture', fileName] as const,
    /** The text of a TXT attachment, read for the attachment viewer. */
    attachmentText: (attachmentId: string) => ['attachmentText', attachmentId] as const,
  },
  drafts: {
    /**
     * Every query of the dashboard's list of drafts and working copies (pages and counts), and
     * never a working copy's own queries (['draftIncidents', id, …]).
     */
    list: ['draftIncidents', 'list'] as const,
    page: (params: PageParams) => ['draftIncidents', 'list', 'page', params] as const,
    counts: ['draftIncidents', 'list', 'counts'] as const,
    attachments: (draftId: string) => ['draftIncidents', draftId, 'attachments'] as const,
    /** The working copy the form edits. */
    workingCopy: (id: string) => ['workingDraft', id] as const,
  },
  persons: {
    search: (name: string) => ['persons', 'search', name] as const,
  },
  companies: {
    owner: ['companies', 'owner'] as const,
    search: (name: string) => ['companies', 'search', name] as const,
  },
  users: {
    investigators: ['users', 'investigators'] as const,
    /** Every page of the Workgroups card's user tables (invalidated by every user change). */
    search: ['users', 'search'] as const,
    searchPage: (params: { groupId: string; hideInactive: boolean; page: number; pageSize: number }) =>
      ['users', 'search', params] as const,
    remains: ['users', 'remains'] as const,
    /** The signed-in user's own profile. */
    profile: ['users', 'profile'] as const,
  },
  workgroups: {
    all: ['userGroups'] as const,
  },
  cities: {
    search: (name: string, countryCode: string) => ['cities', 'search', countryCode, name] as const,
  },
  search: {
    /** Every page of every search run (the search page's and the dashboard cards' results). */
    all: ['search'] as const,
    /** A page of one run of a search: `run` changes with every Search click, so each click asks again. */
    page: (run: number, request: unknown, params: PageParams) => ['search', 'page', run, request, params] as const,
    /**
     * The total of one run (POST /incidents/search/count): the quick one asked beside its first page,
     * or the exact one ('Count all').
     */
    count: (run: number, request: unknown, exact = false) =>
      ['search', 'count', run, request, exact ? 'exact' : 'quick'] as const,
  },
  savedSearches: {
    /** The user's dashboard searches and their counts: invalidating it refreshes the cards. */
    all: ['savedSearches'] as const,
    list: ['savedSearches', 'list'] as const,
    count: (id: string) => ['savedSearches', 'count', id] as const,
  },
  searchReports: {
    /** The company's search reports (the Reports page lists them). */
    all: ['searchReports'] as const,
    /** The pages read so far of the Reports page's list. */
    list: ['searchReports', 'list'] as const,
  },
  analysis: {
    /** Every analysis run (the wizard's report and the charts of saved analyses). */
    all: ['analysis'] as const,
    /** One run: `run` changes with every Generate, so each click asks again (and is audited). */
    run: (run: number, request: unknown) => ['analysis', 'run', run, request] as const,
    /** A saved analysis's chart, computed when shown (a 'last 30 days' chart is always current). */
    saved: (id: string, request: unknown) => ['analysis', 'saved', id, request] as const,
  },
  savedAnalyses: {
    /** The user's dashboard analyses: invalidating it refreshes the chart cards. */
    all: ['savedAnalyses'] as const,
    list: ['savedAnalyses', 'list'] as const,
  },
  analysisReports: {
    /** The company's chart reports (the Reports page lists them). */
    all: ['analysisReports'] as const,
    /** The pages read so far of the Reports page's list. */
    list: ['analysisReports', 'list'] as const,
  },
  audits: {
    /** Every query of the audit card: the table's pages, an entry, the users and the chain check. */
    all: ['audits'] as const,
    page: (params: unknown) => ['audits', 'page', params] as const,
    detail: (id: string) => ['audits', 'detail', id] as const,
    users: ['audits', 'users'] as const,
    /** `run` changes with every Search click, so each click checks the chain again. */
    verify: (run: number) => ['audits', 'verify', run] as const,
  },
  lookupAddresses: {
    detail: (id: string) => ['lookupAddresses', id] as const,
  },
  /** The Lookups card's live lists (initData keeps its own copy until Refresh). */
  lookupAdmin: {
    all: ['lookupAdmin'] as const,
    singles: (type: string) => ['lookupAdmin', 'singles', type] as const,
    tree: (type: string) => ['lookupAdmin', 'tree', type] as const,
    labels: ['lookupAdmin', 'labels'] as const,
  },
  /** Issue 31: the subjects list, a subject's identity, timeline and bans. */
  subjects: {
    all: ['subjects'] as const,
    page: (params: unknown) => ['subjects', 'page', params] as const,
    detail: (kind: string, id: string) => ['subjects', 'detail', kind, id] as const,
    incidents: (kind: string, id: string, page: number) => ['subjects', 'detail', kind, id, 'incidents', page] as const,
    bans: (kind: string, id: string, page: number) => ['subjects', 'detail', kind, id, 'bans', page] as const,
    /** The entry form's alerts for its subjects, location and date (issue 31 §5). */
    alertCheck: (body: unknown) => ['subjects', 'alertCheck', body] as const,
  },
  accounts: {
    settings: ['accounts', 'settings'] as const,
    /** GET /accounts/billingInformation: the company's billing details. */
    billing: ['accounts', 'billingInformation'] as const,
  },
  /** The subscription, its plans and the stored card (the Subscription and Billing cards). */
  subscription: {
    all: ['subscriptions2'] as const,
    current: ['subscriptions2', 'current'] as const,
    plans: (promotionCode: string) => ['subscriptions2', 'plans', promotionCode] as const,
    paymentMethod: ['subscriptions2', 'paymentMethod'] as const,
    /** GET /subscriptions2/receipts: one page (under `all`, so a charge refreshes the list). */
    receipts: (page: number, pageSize: number) => ['subscriptions2', 'receipts', page, pageSize] as const,
  },
  /** Bulk imports (issue 32 §1): the list, each import and its parts under its detail key. */
  imports: {
    all: ['imports'] as const,
    /** Every page of the list of imports. */
    list: ['imports', 'list'] as const,
    page: (page: number, pageSize: number) => ['imports', 'list', page, pageSize] as const,
    fields: ['imports', 'fields'] as const,
    detail: (id: string) => ['imports', 'detail', id] as const,
    preview: (id: string) => ['imports', 'detail', id, 'preview'] as const,
    /** Every page of an import's rows (read again after each dry run or import). */
    allRows: (id: string) => ['imports', 'detail', id, 'rows'] as const,
    rows: (id: string, outcome: string | undefined, page: number, pageSize: number) =>
      ['imports', 'detail', id, 'rows', outcome ?? 'all', page, pageSize] as const,
  },
};
