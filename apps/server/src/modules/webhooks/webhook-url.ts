import { WEBHOOK_MESSAGES } from '@blotter/shared';
import type { Environment } from '../../config';
import { badRequest } from '../../plugins/errors';
import { checkedAddress, privateAddressesRefused, RefusedAddress } from './webhook-address';

/**
 * The save-time check of an endpoint's URL (400 with the reason): HTTPS and a public address in
 * production; any http(s) URL in local, dev and test. Never a user name or password in it (they
 * would show in the card and the audit log). Delivery checks the address again (webhook-send.ts).
 */
export async function assertEndpointUrl(value: string, environment: Environment): Promise<void> {
  const url = new URL(value);
  if (url.username || url.password) throw badRequest(WEBHOOK_MESSAGES.credentials);
  if (!privateAddressesRefused(environment)) return;
  if (url.protocol !== 'https:') throw badRequest(WEBHOOK_MESSAGES.httpsOnly);
  try {
    await checkedAddress(url.hostname, environment);
  } catch (error) {
    if (error instanceof RefusedAddress) throw badRequest(error.message);
    throw error;
  }
}
