import type { InitData } from '@blotter/shared/schemas/commons';
import type { OfflineKey, SessionClaims } from '@blotter/shared/schemas/session';
import { apiFetch } from '../api-client';
import { type Owner, offlineDb, ownerOf } from './offline-db';
import { importOfflineKey, sealJson, unsealJson } from './sealed';

/** Who the app opens for when it starts with no network: the last user signed in on this phone. */
export interface OfflineIdentity {
  owner: Owner;
  claims: SessionClaims;
  key: CryptoKey;
  /** When the app last confirmed this user online (each signed-in start). */
  rememberedAt: string;
}

/** How long after the last online start the phone still opens offline for its user: a long shift. */
export const OFFLINE_IDENTITY_HOURS = 24;

/** Only users who may record incidents get the phone's offline capture. */
export const mayCaptureOffline = (claims: SessionClaims | undefined) =>
  Boolean(claims?.privileges.includes('MYINCIDENT_ADD'));

/**
 * After a sign-in (and each reload of a signed-in tab): fetch this user's key from the server,
 * keep it as a non-extractable key, and make them the user an offline start opens for. Another
 * user's items stay on the phone, sealed with their key, until they sign in again.
 */
export async function rememberIdentity(claims: SessionClaims): Promise<OfflineIdentity> {
  const owner = ownerOf(claims);
  const db = await offlineDb();
  let key = await db.get('keys', owner);
  if (!key) {
    const answer = await apiFetch<OfflineKey>('/users/offlineKey');
    key = await importOfflineKey(answer.key);
  }
  const rememberedAt = new Date().toISOString();
  const sealed = await sealJson(key, { claims, rememberedAt });
  const tx = db.transaction(['keys', 'identity', 'initData'], 'readwrite');
  // The phone holds one user's key at a time: whoever signed in before cannot be read by this one.
  for (const other of await tx.objectStore('keys').getAllKeys()) {
    if (other !== owner) {
      await tx.objectStore('keys').delete(other);
      await tx.objectStore('initData').delete(other);
    }
  }
  await tx.objectStore('keys').put(key, owner);
  await tx.objectStore('identity').put({ owner, sealed }, 'current');
  await tx.done;
  return { owner, claims, key, rememberedAt };
}

/** The identity of the last sign-in on this phone, if it was not signed out since. */
export async function readIdentity(): Promise<OfflineIdentity | undefined> {
  const db = await offlineDb();
  const current = await db.get('identity', 'current');
  if (!current) return undefined;
  const key = await db.get('keys', current.owner);
  if (!key) return undefined;
  const opened = await unsealJson<{ claims: SessionClaims; rememberedAt: string }>(key, current.sealed).catch(
    () => undefined,
  );
  return opened?.claims ? { owner: current.owner, key, ...opened } : undefined;
}

/**
 * Sign-out: the phone forgets who it opens for and this user's key. Their outbox items stay,
 * unreadable, until the server hands the same key to their next sign-in.
 */
export async function forgetIdentity(): Promise<void> {
  const db = await offlineDb();
  const current = await db.get('identity', 'current');
  if (!current) return;
  const tx = db.transaction(['identity', 'keys', 'initData'], 'readwrite');
  await tx.objectStore('identity').delete('current');
  await tx.objectStore('keys').delete(current.owner);
  await tx.objectStore('initData').delete(current.owner);
  await tx.done;
}

/** Keeps the company's initial data for the offline form; rewritten only when its version changed. */
export async function cacheInitData(identity: OfflineIdentity, data: InitData): Promise<void> {
  const db = await offlineDb();
  const stored = await db.get('initData', identity.owner);
  if (stored?.version === data.version) return;
  await db.put('initData', { version: data.version, sealed: await sealJson(identity.key, data) }, identity.owner);
}

export async function cachedInitData(identity: OfflineIdentity): Promise<InitData | undefined> {
  const db = await offlineDb();
  const stored = await db.get('initData', identity.owner);
  return stored ? unsealJson<InitData>(identity.key, stored.sealed).catch(() => undefined) : undefined;
}
