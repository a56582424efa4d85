import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { type Privilege, STAFF_PRIVILEGES } from '@blotter/shared';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { prepareDatabase } from '../src/db/prepare';
import { accounts, users, workgroups } from '../src/db/schema/index';
import { seedCompanyLookups } from '../src/db/seed/demo';
import { loadProviderSecrets } from '../src/oidc/keys';
import type { SignInLimits } from '../src/oidc/sign-in-limiter';
import { memoryMailer } from '../src/platform/mail';
import { memorySms } from '../src/platform/sms';
import type { StorageAdapter } from '../src/platform/storage';
import type { AnyRouteSpec } from '../src/plugins/route';

export interface TestUser {
  id: string;
  accountId: string;
  email: string;
  password: string;
  workgroupId: string;
}

export interface TestCompany {
  accountId: string;
  adminGroupId: string;
  staffGroupId: string;
  admin: TestUser;
  staff: TestUser;
}

export const TEST_PASSWORD = 'Test!2345';
let passwordHash: Promise<string> | undefined;
const hashOnce = () => {
  passwordHash ??= argon2.hash(TEST_PASSWORD, { type: argon2.argon2id });
  return passwordHash;
};

/** Memory storage so tests never touch the disk. */
export function memoryStorage(): StorageAdapter & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async put(key, data) {
      files.set(key, data);
    },
    async read(key) {
      const data = files.get(key);
      if (!data) return undefined;
      const { Readable } = await import('node:stream');
      return { stream: Readable.from(data), size: data.length };
    },
    async remove(key) {
      files.delete(key);
    },
  };
}

export interface TestContext<S extends StorageAdapter = ReturnType<typeof memoryStorage>> {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's file storage: memory unless the test passed its own (e.g. an S3 bucket). */
  storage: S;
  /** Every email the app sent (after app.jobs.runDue()). */
  mailer: ReturnType<typeof memoryMailer>;
  /** Every text message the app sent (after app.jobs.runDue()). */
  sms: ReturnType<typeof memorySms>;
  /**
   * The companies whose jobs this context's runners take (`app.jobs` and runners made with it):
   * on PostgreSQL the test files share one database, and a runner must not send another file's
   * jobs. createCompany adds its company; `ownAccount` adds one made otherwise (a sign-up).
   */
  jobScope: { accounts: () => readonly string[] };
  ownAccount(accountId: string): void;
  /** A company with an admin and a staff user (Staff workgroup privileges), with lookups. */
  createCompany(options?: { name?: string; active?: boolean; concurrentUserCount?: number }): Promise<TestCompany>;
  /** A user in a new workgroup holding exactly these privileges. */
  createUser(
    accountId: string,
    options?: { privileges?: readonly Privilege[]; admin?: boolean; status?: number },
  ): Promise<TestUser>;
  /** An existing user (e.g. a demo user) as a TestUser; its password is not known. */
  userByEmail(email: string): Promise<TestUser>;
  /** A valid access token for the user, signed like the embedded provider signs them. */
  tokenFor(user: TestUser, options?: { sessionId?: string; expiresIn?: string }): Promise<string>;
  /** Signs the user in: a token plus POST /api/users/sessions; answers the Authorization header. */
  signIn(user: TestUser): Promise<Record<string, string>>;
  inject(options: InjectOptions & { headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A TCP port free right now on 127.0.0.1, for tests that listen on real HTTP. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds the real app on a fresh in-memory PGlite (or on DATABASE_URL when set, as CI does),
 * migrated and seeded with reference data, and with the demo company only when asked.
 * `port` sets PORT, so the public URL and issuer match a server listening on that port; `config`
 * overrides single settings (e.g. webDistDir, or oidc for an external identity provider);
 * `storage` replaces the memory storage (e.g. with an S3 bucket).
 */
export async function createTestContext<S extends StorageAdapter = ReturnType<typeof memoryStorage>>(
  options: {
    storage?: S;
    demo?: boolean;
    port?: number;
    config?: Partial<Config>;
    logStream?: { write(line: string): void };
    signInLimits?: SignInLimits;
    /**
     * The prefix of the rate-limit counters' keys: random by default, so that test files sharing
     * one PostgreSQL database count apart; contexts that play processes of one server share one.
     */
    rateLimitScope?: string;
    /**
     * Another context's database instead of a new one: a second server process on the same
     * embedded database. It stays open when this context closes (its owner closes it).
     */
    database?: Database;
  } = {},
): Promise<TestContext<S>> {
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'silent', PORT: String(options.port ?? 3000) },
    {
      pgliteDir: 'memory://',
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir: '/nonexistent-test-data',
      // A fixed key: the test database has no DATA_DIR to keep a generated one in.
      auditChainKey: 'test-audit-chain-key-0123456789abcdef',
      ...options.config,
    },
  );
  const template = process.env.BLOTTER_PGLITE_TEMPLATE;
  const initialDataDir = template && !config.databaseUrl ? new Blob([await readFile(template)]) : undefined;
  const database: Database = options.database
    ? { ...options.database, close: async () => {} }
    : (await prepareDatabase(config, { demo: options.demo ?? false, initialDataDir })).database;
  // Without a storage of the test's own, S is the default (memory storage).
  const storage = options.storage ?? (memoryStorage() as unknown as S);
  const mailer = memoryMailer();
  const sms = memorySms();
  const logging = options.logStream ? { logStream: options.logStream } : { logger: false };
  const ownAccounts: string[] = [];
  const jobScope = { accounts: () => ownAccounts };
  const app = await buildApp({
    config,
    database,
    storage,
    mailer,
    sms,
    signInLimits: options.signInLimits,
    rateLimitScope: options.rateLimitScope ?? randomUUID(),
    jobScope,
    ...logging,
  });
  await app.ready();
  const secrets = await loadProviderSecrets(database);
  const signingKey = await importJWK(secrets.signingKey, 'RS256');

  const createUser: TestContext['createUser'] = async (accountId, options = {}) => {
    const [group] = await database.system((tx) =>
      tx
        .insert(workgroups)
        .values({
          accountId,
          name: `Group ${randomBytes(4).toString('hex')}`,
          isAdmin: options.admin ?? false,
          privileges: [...(options.privileges ?? [])],
        })
        .returning({ id: workgroups.id }),
    );
    if (!group) throw new Error('no workgroup');
    return insertUser(database, accountId, group.id, options.status ?? 1);
  };

  const createCompany: TestContext['createCompany'] = async (options = {}) => {
    const accountId = await database.system(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          companyName: options.name ?? `Company ${randomBytes(3).toString('hex')}`,
          companyCountryCode: 'CA',
          active: options.active ?? true,
          concurrentUserCount: options.concurrentUserCount ?? 5,
        })
        .returning({ id: accounts.id });
      if (!account) throw new Error('no account');
      await seedCompanyLookups(tx, account.id);
      return account.id;
    });
    ownAccounts.push(accountId);
    const groups = await database.system((tx) =>
      tx
        .insert(workgroups)
        .values([
          { accountId, name: 'Administrators', isAdmin: true },
          { accountId, name: 'Staff', privileges: [...STAFF_PRIVILEGES] },
        ])
        .returning({ id: workgroups.id, name: workgroups.name }),
    );
    const adminGroupId = groups.find((g) => g.name === 'Administrators')?.id ?? '';
    const staffGroupId = groups.find((g) => g.name === 'Staff')?.id ?? '';
    return {
      accountId,
      adminGroupId,
      staffGroupId,
      admin: await insertUser(database, accountId, adminGroupId, 1),
      staff: await insertUser(database, accountId, staffGroupId, 1),
    };
  };

  const userByEmail: TestContext['userByEmail'] = async (email) => {
    const [user] = await database.system((tx) => tx.select().from(users).where(eq(users.email, email)).limit(1));
    if (!user) throw new Error(`no user ${email}`);
    return { id: user.id, accountId: user.accountId, email, password: '', workgroupId: user.userGroupId };
  };

  const tokenFor: TestContext['tokenFor'] = (user, options = {}) =>
    new SignJWT({ gid: options.sessionId ?? randomUUID(), scope: 'api', client_id: config.oidc.clientId })
      .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid ?? '', typ: 'at+jwt' })
      .setSubject(user.id)
      .setIssuer(config.oidc.issuer)
      .setAudience(config.oidc.audience)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(signingKey);

  const signIn: TestContext['signIn'] = async (user) => {
    const headers = { authorization: `Bearer ${await tokenFor(user)}` };
    const response = await app.inject({ method: 'POST', url: '/api/users/sessions', headers });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return headers;
  };

  return {
    app,
    database,
    config,
    storage,
    mailer,
    sms,
    createCompany,
    jobScope,
    ownAccount: (accountId) => ownAccounts.push(accountId),
    createUser,
    userByEmail,
    tokenFor,
    signIn,
    inject: (options) => app.inject(options),
    close: () => app.close(),
  };
}

async function insertUser(database: Database, accountId: string, workgroupId: string, status: number) {
  const email = `user-${randomBytes(6).toString('hex')}@test.example`;
  const [user] = await database.system(async (tx) =>
    tx
      .insert(users)
      .values({
        accountId,
        email,
        passwordHash: await hashOnce(),
        firstName: 'Test',
        lastName: `User ${email.slice(5, 9)}`,
        userGroupId: workgroupId,
        status,
      })
      .returning({ id: users.id }),
  );
  if (!user) throw new Error('no user');
  return { id: user.id, accountId, email, password: TEST_PASSWORD, workgroupId };
}

/** Search criteria of the example requests: open incidents. */
const EXAMPLE_CRITERIA = { status: { values: [{ id: 'status-1', status: 1 }] } };

/** An analysis of the example requests: the last 30 days by month. */
const EXAMPLE_ANALYSIS_ITEM = {
  period: { id: 'p1', type: 'lastNDays', days: 30 },
  frequency: 'month',
  chartType: 'bar',
};
const EXAMPLE_ANALYSIS = {
  name: 'Last 30 days',
  criteria: [EXAMPLE_ANALYSIS_ITEM],
  chartType: 'bar',
  frequency: 'month',
};

/**
 * Valid input of routes whose body or query does not accept an empty object, keyed 'METHOD /url'.
 * Multipart routes get their form `fields` (a value ':name' takes the path parameter's value) and
 * a small text file named 'file'.
 */
const EXAMPLE_NOTIFICATION = {
  name: 'Theft alert',
  recipientEmails: ['guard@example.com'],
  lookupClasses: [{ classLookupId: randomUUID(), eventTypeList: 'CREATE' }],
};

const EXAMPLE_INPUT: Record<
  string,
  { body?: unknown; query?: Record<string, string>; fields?: Record<string, string> }
> = {
  'POST /incidents': {
    body: {
      reportedDate: '2024-03-01T10:00:00.000Z',
      occurredDate: '2024-03-01T09:00:00.000Z',
      lastClassId: randomUUID(),
    },
  },
  // An unknown incident: every holder of one of the route's privileges gets past the guard (404).
  'PUT /incidents': {
    body: {
      id: randomUUID(),
      reportedDate: '2024-03-01T10:00:00.000Z',
      occurredDate: '2024-03-01T09:00:00.000Z',
      lastClassId: randomUUID(),
    },
  },
  'POST /draftIncidents': { body: { incidentId: randomUUID() } },
  // Not a checkpoint of this server: past the guard, a 400.
  'POST /audits/verify': { body: { checkpoint: 'not.a.checkpoint' } },
  'POST /mfa/verifyOTP': { body: { deviceId: randomUUID(), otp: '123456' } },
  'POST /mfa/startEnrol': { body: { phoneNumber: '15551234567' } },
  'POST /mfa/verifyEnrol': { body: { otp: '123456' } },
  'PUT /draftIncidents': { body: { id: randomUUID(), data: {} } },
  'PUT /imports/:id/mapping': { body: { sheets: [], values: {} } },
  'GET /cities/search': { query: { name: 'to' } },
  'GET /persons/search': { query: { name: 'smith' } },
  'GET /companies/search': { query: { name: 'acme' } },
  'POST /incidents/persons': { body: { personId: randomUUID() } },
  'POST /incidents/companies': { body: { personId: randomUUID() } },
  'POST /incidents/attachments': { fields: { incidentId: ':incidentId', name: 'Attachment 1' } },
  'PUT /incidents/attachments': { body: { id: randomUUID(), name: 'Attachment 1' } },
  'POST /incidents/persons/picture/:id': { fields: { incidentId: ':id' } },
  'POST /lookupAddresses': { body: { lookupLocationId: randomUUID() } },
  'POST /incidents/close/:id': { body: { closedBy: 'USER' } },
  'POST /incidents/audits/read': { body: { id: randomUUID(), number: 1 } },
  'PUT /lookupAddresses': { body: { id: randomUUID(), lookupLocationId: randomUUID() } },
  'POST /incidents/search': { body: { criteria: { status: { values: [{ id: 'a', status: 1 }] } } } },
  'POST /incidents/search/count': { body: { criteria: { status: { values: [{ id: 'a', status: 1 }] } } } },
  'POST /incidents/search/export': {
    body: { criteria: { status: { values: [{ id: 'a', status: 1 }] } }, columns: ['number'] },
  },
  'POST /incidents/search/custom': { body: { name: 'Open incidents', criteria: EXAMPLE_CRITERIA } },
  // An unknown saved search: past the guard, a 404.
  'PUT /incidents/search/custom': { body: { id: randomUUID(), name: 'Open incidents', criteria: EXAMPLE_CRITERIA } },
  'POST /reports/custom': { body: { name: 'Open incidents', criteria: EXAMPLE_CRITERIA } },
  'PUT /reports/custom': { body: { id: randomUUID(), name: 'Open incidents', criteria: EXAMPLE_CRITERIA } },
  'POST /reports': {
    body: { id: randomUUID(), title: 'Open incidents', data: { columns: ['Number'], rows: [['1']] } },
  },
  'POST /users': {
    body: { email: 'example-user@test.example', firstName: 'Ex', lastName: 'Ample', userGroupId: randomUUID() },
  },
  // An unknown workgroup: past the guard and the user's lookup (404 for another company's user), a 400.
  'PUT /users/:id': { body: { firstName: 'Ex', lastName: 'Ample', userGroupId: randomUUID() } },
  'POST /users/emailVerification': { body: { userId: randomUUID() } },
  'PUT /users/profile': { body: { email: 'ex@ample.com', firstName: 'Ex', lastName: 'Ample' } },
  'GET /users/resetPassword': { query: { token: 'x'.repeat(43) } },
  'POST /userGroups': { body: { name: 'Example group' } },
  'POST /apiTokens': { body: { name: 'Example token', privileges: ['ALLINCIDENT_SEARCH'] } },
  'PUT /userGroups': { body: { id: randomUUID(), name: 'Example group' } },
  'POST /analysis': { body: { criteria: [EXAMPLE_ANALYSIS_ITEM] } },
  'POST /analysis/custom': { body: EXAMPLE_ANALYSIS },
  'PUT /analysis/custom': { body: { ...EXAMPLE_ANALYSIS, id: randomUUID() } },
  'POST /analysis/reports': { body: EXAMPLE_ANALYSIS },
  'PUT /analysis/reports': { body: { ...EXAMPLE_ANALYSIS, id: randomUUID() } },
  // An unknown class: past the guard, a 400; an unknown rule: a 404.
  'POST /incidentNotifications': { body: EXAMPLE_NOTIFICATION },
  // Issue 32 §3: an endpoint of the local receiver's kind (test environment: http and loopback allowed).
  'POST /webhooks': { body: { url: 'http://127.0.0.1:9/hooks', events: ['incident.closed'] } },
  'PUT /webhooks/:id': { body: { url: 'http://127.0.0.1:9/hooks', events: ['incident.closed'] } },
  'PUT /webhooks/:id/enabled': { body: { enabled: true } },
  'PUT /incidentNotifications': { body: { ...EXAMPLE_NOTIFICATION, id: randomUUID() } },
  'GET /lookupSingles': { query: { type: 'department' } },
  // Issue 31: an unknown subject or ban, past the guard, is a 404.
  'POST /subjects/:kind/:id/bans': { body: { banType: 'ban', reason: 'Shoplifting', startDate: '2026-01-01' } },
  'PUT /subjects/bans/:id': { body: { banType: 'ban', reason: 'Shoplifting', startDate: '2026-01-01' } },
  // A merge of the record with itself (':id', the path's id): past the guard and the record's
  // lookup (404 for another company's), a 400.
  'POST /subjects/:kind/:id/merge': { body: { mergedId: ':id' } },
  'POST /lookupSingles': { body: { id: randomUUID(), type: 'department', name: 'Example' } },
  // An unknown item: past the guard, a 404.
  'PUT /lookupSingles': { body: { id: randomUUID(), type: 'department', name: 'Example', active: true } },
  'DELETE /lookupSingles/:id': { query: { type: 'department' } },
  'GET /lookupMultiples': { query: { type: 'incidentClass' } },
  'GET /lookupMultiples/export': { query: { type: 'incidentClass' } },
  'POST /lookupMultiples': { body: { id: randomUUID(), type: 'incidentClass', name: 'Example' } },
  'PUT /lookupMultiples': { body: { id: randomUUID(), type: 'incidentClass', name: 'Example', active: true } },
  'POST /lookupMultipleLabels': { body: { type: 'incidentCause', labels: ['Cause', 'Detail'] } },
  'PUT /accounts': { body: { companyName: 'Example Co', measurementType: 0 } },
  'PUT /accounts/settings': {
    body: { companyName: 'Example Co', phone: '555-0100', measurementType: 0, dateFormat: 0, autoLogoutTime: 900 },
  },
  'POST /payments/methods': { body: { token: 'tok_visa', email: 'billing@example.com' } },
  // An unknown promotion code: valid input refused after the privilege check, so the example
  // never lowers the company's concurrent-user limit under the tests that sign many users in.
  'POST /subscriptions2': { body: { periodType: 'MONTH', concurrentUserCount: 205, promotionCode: 'EXAMPLE' } },
  'PUT /accounts/billingInformation': {
    body: {
      billingContactName: 'Pat Payer',
      billingAddressLine1: '1 Main St',
      billingAddressCity: 'Denver',
      billingAddressPostalCode: '80202',
      billingAddressCountryCode: 'US',
      billingEmail: 'billing@example.com',
      billingPhone: '303-555-0100',
    },
  },
};

/** Path parameters that are not ids: a subject's kind (issue 31) is a person's. */
const EXAMPLE_PARAMS: Record<string, string> = { kind: 'person' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The example body of a route (EXAMPLE_INPUT), for tests that need a valid one. */
export function exampleBody(key: string): Record<string, unknown> {
  const body = EXAMPLE_INPUT[key]?.body;
  if (!body) throw new Error(`No example body for ${key} in EXAMPLE_INPUT of test/test-app.ts`);
  return body as Record<string, unknown>;
}

/**
 * A request for a route that passes its validation, so the checks after it (privileges, tenant)
 * are reached; path parameters take the given values (a random id otherwise). A new route whose
 * body or query needs fields fails here until it gets an entry in EXAMPLE_INPUT.
 */
export function exampleRequest(route: AnyRouteSpec, params: Record<string, string> = {}) {
  const key = `${route.method} ${route.url}`;
  const example = EXAMPLE_INPUT[key] ?? {};
  // Every path parameter's value: the given one, else an example, else a random id.
  const values: Record<string, string> = {};
  for (const [, name = ''] of route.url.matchAll(/:([A-Za-z]+)/g)) {
    values[name] = params[name] ?? EXAMPLE_PARAMS[name] ?? randomUUID();
  }
  // A body field ':name' takes the value of the path parameter `name`.
  const body = isRecord(example.body)
    ? Object.fromEntries(
        Object.entries(example.body).map(([field, value]) => [
          field,
          typeof value === 'string' && value.startsWith(':') && value.slice(1) in values
            ? values[value.slice(1)]
            : value,
        ]),
      )
    : (example.body ?? (route.body ? {} : undefined));
  const query = example.query ?? {};
  if (route.body && !route.body.safeParse(body).success) {
    throw new Error(`Add a valid example body for ${key} to EXAMPLE_INPUT in test/test-app.ts`);
  }
  if (route.query && !route.query.safeParse(query).success) {
    throw new Error(`Add a valid example query for ${key} to EXAMPLE_INPUT in test/test-app.ts`);
  }
  const path = route.url.replace(/:([A-Za-z]+)/g, (_match: string, name: string) => values[name] ?? randomUUID());
  if (route.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(example.fields ?? {})) {
      form.append(name, value.startsWith(':') ? (params[value.slice(1)] ?? randomUUID()) : value);
    }
    form.append('file', new Blob(['An example file.']), 'example.txt');
    return { method: route.method, url: `/api${path}`, query, payload: form };
  }
  return {
    method: route.method,
    url: `/api${path}`,
    query,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  };
}
