/**
 * Encryption at rest of what the phone keeps for offline use (issue 30): AES-GCM with the user's
 * key, which the server hands the signed-in session (GET /users/offlineKey) and the phone keeps as
 * a non-extractable CryptoKey. Each value has its own random 96-bit IV.
 */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** The server's base64url key as a non-extractable AES-GCM key: scripts can use it, never read it. */
export function importOfflineKey(base64url: string): Promise<CryptoKey> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function seal(key: CryptoKey, bytes: BufferSource): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, bytes) };
}

/** Throws when the key is not the one it was sealed with (another user's item). */
export function unseal(key: CryptoKey, sealed: Sealed): Promise<ArrayBuffer> {
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data);
}

export function sealJson(key: CryptoKey, value: unknown): Promise<Sealed> {
  return seal(key, new TextEncoder().encode(JSON.stringify(value)));
}

export async function unsealJson<T>(key: CryptoKey, sealed: Sealed): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await unseal(key, sealed))) as T;
}
