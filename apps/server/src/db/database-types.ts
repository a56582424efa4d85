import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Prefetch } from './json';
import type * as schema from './schema/index';

/** The types of the database layer (client.ts opens it; every module uses these). */
type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a transaction or the database itself: query functions accept both. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs fn in one transaction as the application role with the tenant set, so row-level
   * security limits every statement to that company's rows.
   */
  tenant<T>(accountId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn as the application role with no tenant: it sees no tenant rows at all. */
  noTenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Cross-tenant system work as the owner (sign-in by email, identity-provider state, reference
   * data, seeding). Keep these paths few and obvious.
   */
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The request path: reads the principal of a token (blotter_principal) and readies the tenant
   * for the request's queries. On PostgreSQL this is one round trip on a connection of the
   * application role, which also sets the tenant (and, for reads, read-only) on that connection;
   * the request's first tenant() then runs on it: a read is the principal plus its query.
   */
  principalScope(identity: PrincipalIdentity, options: PrincipalScopeOptions): Promise<PrincipalScope>;
  /** PGlite only: the data directory as an uncompressed tarball (a template for other instances). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Who a verified token names: the user id (embedded provider) or the email (external issuer); or,
 * for an API token (issue 32 §2), the SHA-256 of its secret (then userId and email are null).
 */
export interface PrincipalIdentity {
  userId: string | null;
  email: string | null;
  sessionId: string;
  apiTokenHash?: string;
}

export interface PrincipalScopeOptions {
  readOnly: boolean;
  /**
   * A first read to send with the principal (a read-only request's, see Prefetch): on PostgreSQL
   * both go in one round trip; PGlite reads it when the handler asks for it.
   */
  prefetch?: Prefetch | undefined;
}

/** The principal of a request and the tenant it works in. */
export interface PrincipalScope {
  /** blotter_principal's answer; null when no user matches. */
  row: PrincipalRow | null;
  /**
   * The prefetch's value: read with the principal on PostgreSQL, else now in the tenant. Only for
   * a principal that passed the route's checks.
   */
  prefetched(): Promise<unknown>;
  /** Runs fn for the principal's company (see Database.tenant); a read-only scope runs it without a transaction. */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Gives the connection back when no tenant() used it. Safe to call more than once. */
  release(): void;
}

/** The row of blotter_principal (migration 0003): user, workgroup, company and session. */
export interface PrincipalRow {
  userId: string;
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: number;
  systemAdmin: boolean;
  isAdmin: boolean;
  granted: string[] | null;
  accountActive: boolean;
  trial: boolean;
  measurementType: number;
  dateFormat: number;
  concurrentUserCount: number;
  companyName: string;
  sessionFound: boolean;
  sessionEnded: boolean;
  /** Set for an API token's principal (blotter_api_token_principal): the token as stored. */
  token?: PrincipalTokenRow;
}

/** The API token of a principal row: its privileges, and whether it may act. */
export interface PrincipalTokenRow {
  id: string;
  name: string;
  privileges: string[];
  revoked: boolean;
  expired: boolean;
  creatorDeleted: boolean;
  /** last_used_at is within the last minute: no need to write it again. */
  usedRecently: boolean;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  pgliteDir: string;
  /**
   * A dumped PGlite data directory to start from when the directory is new, instead of running
   * initdb (seconds on a small machine). Tests use one migrated template for every file.
   */
  initialDataDir?: Blob | undefined;
}
