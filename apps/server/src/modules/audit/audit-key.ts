import { createHmac, createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JWK } from 'jose';

/**
 * The secret of the audit chain (issue 26). Links are HMAC-SHA256 with it, so an entry edited in
 * the database cannot be given a matching hash by whoever lacks the key; it is kept out of the
 * database it protects: AUDIT_CHAIN_KEY, or a key generated once into DATA_DIR/audit-chain.key.
 * Checkpoints are signed with an Ed25519 key derived from it, whose public half verifies them
 * without the secret.
 */
export interface AuditKey {
  /** A short public fingerprint of the key, stored with each chain head (never the key). */
  id: string;
  /** The link of an entry: HMAC-SHA256 over the UTF-8 of prevHash || content, hex. */
  link(prevHash: string, content: string): string;
  /** The checkpoint signing key (Ed25519), its public half and that half as a JWK. */
  signingKey: KeyObject;
  verifyKey: KeyObject;
  publicJwk: JWK;
  /**
   * A 32-byte secret derived for another purpose (HMAC-SHA256 of the label under the key): the
   * phone outbox's per-user key (modules/session, issue 30). Distinct labels give unrelated keys, and
   * none of them reveals the chain's secret.
   */
  derive(label: string): Buffer;
}

export const AUDIT_KEY_FILE = 'audit-chain.key';
/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function auditKeyOf(secret: string): AuditKey {
  const mac = (label: string) => createHmac('sha256', secret).update(label, 'utf8');
  const signingKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, mac('blotter audit checkpoint signing key').digest()]),
    format: 'der',
    type: 'pkcs8',
  });
  const id = mac('blotter audit chain key id').digest('hex').slice(0, 16);
  const verifyKey = createPublicKey(signingKey);
  return {
    id,
    link: (prevHash, content) =>
      createHmac('sha256', secret)
        .update(prevHash + content, 'utf8')
        .digest('hex'),
    signingKey,
    verifyKey,
    publicJwk: { ...(verifyKey.export({ format: 'jwk' }) as JWK), kid: id, alg: 'EdDSA' },
    derive: (label) => mac(`blotter derived key: ${label}`).digest(),
  };
}

/**
 * The configured key, or the one kept in DATA_DIR (made on first start, readable by the server's
 * user only; two processes starting together keep the first one written).
 */
export async function loadAuditKey(config: { auditChainKey: string | undefined; dataDir: string }): Promise<AuditKey> {
  if (config.auditChainKey) return auditKeyOf(config.auditChainKey);
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing?.trim()) return auditKeyOf(existing.trim());
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  return auditKeyOf((await readFile(file, 'utf8')).trim());
}
