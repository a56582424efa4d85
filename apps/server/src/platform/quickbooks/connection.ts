import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { systemState } from '../../db/schema/index';
import type { QuickBooksTokens } from './oauth';

const CONNECTION_KEY = 'quickbooks_connection';
const PENDING_KEY = 'quickbooks_authorization';
/** How long an authorisation started from the profile may take. */
export const AUTHORIZATION_TTL_MS = 15 * 60 * 1000;

/** The installation's QuickBooks Online company and its tokens (decrypted). */
export interface QuickBooksConnection {
  realmId: string;
  tokens: QuickBooksTokens;
  connectedBy: string;
  connectedAt: string;
}

interface StoredConnection {
  realmId: string;
  /** iv.tag.ciphertext (base64url) of the tokens' JSON. */
  tokens: string;
  connectedBy: string;
  connectedAt: string;
}

/**
 * The tokens are stored encrypted (AES-256-GCM) with a key derived from the app's client secret:
 * a copy of the database alone holds no usable token, and a changed secret simply disconnects.
 */
const keyOf = (clientSecret: string) =>
  Buffer.from(hkdfSync('sha256', clientSecret, 'blotter', 'quickbooks-tokens', 32));

function seal(tokens: QuickBooksTokens, clientSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(clientSecret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

function open(sealed: string, clientSecret: string): QuickBooksTokens | undefined {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(clientSecret), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')) as QuickBooksTokens;
  } catch {
    return undefined;
  }
}

/**
 * The connection, or undefined when none was made (or the secret changed since). `lock` holds its
 * row until the transaction ends (replaceTokens compares and writes under it).
 */
export async function loadConnection(
  tx: Tx,
  clientSecret: string,
  options: { lock?: boolean } = {},
): Promise<QuickBooksConnection | undefined> {
  const query = tx.select().from(systemState).where(eq(systemState.key, CONNECTION_KEY));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const stored = row.value as StoredConnection;
  const tokens = open(stored.tokens, clientSecret);
  return tokens ? { ...stored, tokens } : undefined;
}

export async function saveConnection(tx: Tx, connection: QuickBooksConnection, clientSecret: string) {
  const value: StoredConnection = { ...connection, tokens: seal(connection.tokens, clientSecret) };
  await tx
    .insert(systemState)
    .values({ key: CONNECTION_KEY, value })
    .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * Keeps tokens refreshed outside any transaction (platform/jobs runs the push outside one): only if
 * the stored refresh token is still the one they were refreshed from, so when two workers refreshed
 * at once the first one's tokens stay. Answers whether they were kept.
 */
export async function replaceTokens(
  tx: Tx,
  clientSecret: string,
  refreshedFrom: string,
  connection: QuickBooksConnection,
): Promise<boolean> {
  const stored = await loadConnection(tx, clientSecret, { lock: true });
  if (stored && stored.tokens.refresh_token !== refreshedFrom) return false;
  await saveConnection(tx, connection, clientSecret);
  return true;
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * Starts an authorisation for the system administrator: a random state whose hash is kept with the
 * user and an expiry (one authorisation at a time; a new one replaces it). Answers the state.
 */
export async function startAuthorization(tx: Tx, userId: string): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  const value = { hash: hashOf(state), userId, expiresAt: Date.now() + AUTHORIZATION_TTL_MS };
  await tx
    .insert(systemState)
    .values({ key: PENDING_KEY, value })
    .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: sql`now()` } });
  return state;
}

/**
 * Takes the pending authorisation the state belongs to (single use): answers the user who started
 * it, or undefined for an unknown, used or expired state.
 */
export async function takeAuthorization(tx: Tx, state: string): Promise<string | undefined> {
  const [row] = await tx.select().from(systemState).where(eq(systemState.key, PENDING_KEY)).for('update');
  const pending = row?.value as { hash: string; userId: string; expiresAt: number } | undefined;
  if (!pending || pending.hash !== hashOf(state)) return undefined;
  await tx.delete(systemState).where(eq(systemState.key, PENDING_KEY));
  return pending.expiresAt > Date.now() ? pending.userId : undefined;
}
