import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX } from '@blotter/shared';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 62^43 > 2^256 > 62^42: a 32-byte value takes 43 base62 characters. */
const RANDOM_CHARS = 43;
/** 62^6 > 2^32: a CRC32 takes 6. */
const CHECKSUM_CHARS = 6;

/**
 * The value in base62, left-padded with '0' to `width` characters. Fixed width, so the checksum is
 * always the last 6 characters (a few lines of BigInt; the base-x package drops leading zero bytes
 * instead, which would make the length vary).
 */
export function base62(value: bigint, width: number): string {
  let rest = value;
  let out = '';
  while (rest > 0n) {
    out = BASE62[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out.padStart(width, '0');
}

const checksumOf = (random: string) => base62(BigInt(crc32(random)), CHECKSUM_CHARS);

/** A new token: `blt_live_` + 43 base62 characters of 32 random bytes + 6 of their CRC32. */
export function newApiTokenSecret(): string {
  const random = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), RANDOM_CHARS);
  return `${API_TOKEN_PREFIX}${random}${checksumOf(random)}`;
}

/**
 * Whether the token is well formed and its checksum matches, as a secret scanner checks it offline;
 * a request whose token fails this is refused without reading the database.
 */
export function isWellFormedApiToken(token: string): boolean {
  if (!API_TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(API_TOKEN_PREFIX.length);
  return checksumOf(body.slice(0, RANDOM_CHARS)) === body.slice(RANDOM_CHARS);
}

/**
 * What is stored and looked up: the SHA-256 (hex) of the token. A slow password hash (argon2) adds
 * nothing for a 256-bit random secret, which cannot be guessed from a dictionary, and would cost
 * every API call tens of milliseconds.
 */
export const apiTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The visible hint of a token: the prefix and the first 4 random characters. */
export const apiTokenHint = (token: string) => token.slice(0, API_TOKEN_PREFIX.length + 4);
