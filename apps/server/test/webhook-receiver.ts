import { createServer, type IncomingHttpHeaders } from 'node:http';
import { freePort } from './test-app';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 keeping every request it gets; it answers `status` (200 unless
 * the test says otherwise) with a body, as an integrator's endpoint would.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  let body: string | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = status;
      response.end(body ?? (status >= 300 ? 'x'.repeat(5000) : 'ok'));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    /** The status to answer from now on, and the body (a default one when not given). */
    answer(code: number, answerBody?: string) {
      status = code;
      body = answerBody;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks headers of a received request, as Webhook.verify takes them. */
export const webhookHeaders = (headers: IncomingHttpHeaders): Record<string, string> => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
});
