import { readFile } from 'node:fs/promises';
import type { IncomingMessage, RequestOptions } from 'node:http';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import type { Environment } from '../../config';
import { checkedAddress, RefusedAddress } from './webhook-address';

/** A delivery's time limit: connect, send and the answer's status (Stripe and Svix allow about as long). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer's body is kept for the delivery log. */
export const RESPONSE_KEPT_BYTES = 1024;

export interface SendOutcome {
  /** The HTTP status, or null when no answer came (refused, timed out, TLS, DNS). */
  status: number | null;
  durationMs: number;
  /** The start of the answer's body. */
  body: string | null;
  error: string | null;
}

export interface SendOptions {
  environment: Environment | undefined;
  caFile: string | undefined;
}

/** The system's CAs, plus the configured file's (read at each delivery, so a new file needs no restart). */
async function trustedCas(caFile: string | undefined): Promise<string[] | undefined> {
  if (!caFile) return undefined;
  return [...rootCertificates, await readFile(caFile, 'utf8')];
}

/**
 * Reads at most RESPONSE_KEPT_BYTES of the answer, then lets the rest go. A NUL byte (a binary
 * answer) is replaced: PostgreSQL text cannot hold one, and the delivery could not be recorded.
 */
function readStart(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () =>
      resolve(Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8').replaceAll('\u0000', '\uFFFD'));
    response.on('data', (chunk: Buffer) => {
      if (size >= RESPONSE_KEPT_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_KEPT_BYTES) {
        done();
        response.destroy();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

/**
 * POSTs the signed body to the endpoint: the host is resolved and checked (webhook-address.ts) at
 * this moment, and the connection goes to that very address (its `lookup` answers it), so a DNS
 * answer that changes between the check and the connection (rebinding) cannot reach a private
 * address. Redirects are not followed (a 3xx is a failed delivery, as Stripe and GitHub do).
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  let resolved: { address: string; family: number };
  try {
    resolved = await checkedAddress(target.hostname, options.environment);
  } catch (error) {
    const message = error instanceof RefusedAddress ? error.message : 'The endpoint host name does not resolve';
    return { status: null, durationMs: elapsed(), body: null, error: message };
  }
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const https = target.protocol === 'https:';
  const transport = https ? await import('node:https') : await import('node:http');
  const ca = https ? await trustedCas(options.caFile) : undefined;
  const request: RequestOptions & { ca?: string[] } = {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'Blotter-Webhooks/1.0',
    },
    lookup,
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    timeout: WEBHOOK_TIMEOUT_MS,
    ...(ca ? { ca } : {}),
  };
  return new Promise((resolve) => {
    const req = transport.request(target, request, (response) => {
      void readStart(response).then((text) =>
        resolve({ status: response.statusCode ?? null, durationMs: elapsed(), body: text, error: null }),
      );
    });
    req.on('timeout', () => req.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => {
      const message = error.name === 'AbortError' ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : error.message;
      resolve({ status: null, durationMs: elapsed(), body: null, error: message.slice(0, 500) });
    });
    req.end(body);
  });
}
