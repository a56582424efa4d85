import { AUDIT_CHECKPOINT_MESSAGES, type AuditCheckpoint, type AuditCheckpointVerify } from '@blotter/shared';
import { CompactSign, compactVerify } from 'jose';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { lockHead, sealAll } from './audit-chain';
import type { AuditKey } from './audit-key';
import { hashAt, verifyChain } from './audit-verify';

/** What a checkpoint signs (issue 26): the company, the head's number and hash, when. */
const payloadSchema = z.object({
  typ: z.literal('blotter-audit-checkpoint'),
  acc: z.string(),
  seq: z.number().int().min(0),
  head: z.string(),
  at: z.string(),
});

/**
 * GET /audits/checkpoint: seals what was committed, then signs the head (Ed25519, a compact JWS
 * with the key id as kid). The signature shows the server made it; the head it names shows later
 * whether anything up to it changed, even for someone who learns the chain key afterwards.
 */
export async function createCheckpoint(tx: Tx, key: AuditKey, accountId: string): Promise<AuditCheckpoint> {
  await sealAll(tx, key);
  const head = await lockHead(tx, true);
  if (!head) throw new Error('The audit chain head is missing');
  const createdAt = new Date().toISOString();
  const payload = { typ: 'blotter-audit-checkpoint', acc: accountId, seq: head.seq, head: head.hash, at: createdAt };
  const checkpoint = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'EdDSA', kid: key.id })
    .sign(key.signingKey);
  const publicKey = Object.fromEntries(
    Object.entries(key.publicJwk).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { checkpoint, accountId, chainSeq: head.seq, headHash: head.hash, createdAt, publicKey };
}

/** The checkpoint's payload, when this server's key signed it for this company; 400 otherwise. */
async function readCheckpoint(key: AuditKey, checkpoint: string, accountId: string) {
  const verified = await compactVerify(checkpoint, key.verifyKey, { algorithms: ['EdDSA'] }).catch(() => undefined);
  const parsed = verified
    ? payloadSchema.safeParse(
        (() => {
          try {
            return JSON.parse(new TextDecoder().decode(verified.payload)) as unknown;
          } catch {
            return undefined;
          }
        })(),
      )
    : undefined;
  if (!parsed?.success) throw badRequest(AUDIT_CHECKPOINT_MESSAGES.invalid);
  if (parsed.data.acc !== accountId) throw badRequest(AUDIT_CHECKPOINT_MESSAGES.otherCompany);
  return parsed.data;
}

/**
 * POST /audits/verify: the chain check, and whether the chain still holds the checkpoint's head:
 * the entry with its number has its hash and no break lies at or before it.
 */
export async function verifyCheckpoint(
  tx: Tx,
  key: AuditKey,
  accountId: string,
  checkpoint: string,
): Promise<AuditCheckpointVerify> {
  const signed = await readCheckpoint(key, checkpoint, accountId);
  await sealAll(tx, key);
  const chain = await verifyChain(tx, key);
  const intactUpTo = chain.brokenAt === null || chain.brokenAt.chainSeq > signed.seq;
  const matches = intactUpTo && (await hashAt(tx, signed.seq)) === signed.head;
  return {
    ...chain,
    ok: chain.ok && matches,
    checkpoint: { chainSeq: signed.seq, headHash: signed.head, createdAt: signed.at, matches },
  };
}
