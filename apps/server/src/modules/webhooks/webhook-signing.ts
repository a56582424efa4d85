import { randomBytes, randomUUID } from 'node:crypto';
import { once } from '../../platform/once';

/** The standardwebhooks package, loaded at the first delivery (docs/architecture.md §3). */
const library = once(() => import('standardwebhooks'));

/** A new signing secret as Standard Webhooks writes it: whsec_ and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The webhook-id of a new message. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * The three Standard Webhooks headers of one attempt: signed with the current secret and, while a
 * rotation's grace period lasts, with the previous one too (space-separated signatures, which the
 * specification's verifiers accept when any one matches).
 */
export async function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  at: Date,
  body: string,
): Promise<Record<string, string>> {
  const { Webhook } = await library();
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
