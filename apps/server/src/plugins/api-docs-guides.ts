/**
 * Guides shown on the API docs page after its introduction: how an integrator verifies a webhook's
 * signature (issue 32 §3), with the official standardwebhooks package.
 */
export const WEBHOOK_VERIFICATION_SNIPPET = `// npm install standardwebhooks
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

// The endpoint's secret (whsec_…): Administration → Webhooks → Reveal.
const webhook = new Webhook(process.env.BLOTTER_WEBHOOK_SECRET);

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    // Verify the raw body exactly as received, before parsing it.
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      // Throws unless one signature matches and webhook-timestamp is within 5 minutes.
      const event = webhook.verify(body, request.headers);
      // event.type ('incident.closed', …), event.timestamp, event.data.
      // Deduplicate on request.headers['webhook-id']: a retried or redelivered event keeps its id.
      response.writeHead(204).end();
    } catch {
      response.writeHead(400).end();
    }
  });
}).listen(8080);`;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

export const API_DOCS_GUIDES = `<section id="webhooks"><h2>Webhooks: verifying signatures</h2>
<p>An administrator adds endpoints in Administration → Webhooks. Each event is POSTed as JSON
<code>{ type, timestamp, data }</code> with the <a href="https://www.standardwebhooks.com">Standard Webhooks</a> headers
<code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code>
(<code>v1,</code> and the base64 HMAC-SHA256 of <code>id.timestamp.body</code> with the endpoint's secret). For 24 hours
after the secret is rotated the header carries two signatures, one with each secret: accept the event when either verifies.
Answer 2xx within 10 seconds; any other answer is retried after 5 s, 5 min, 30 min, 2 h, 5 h and then every 10 h
for 24 hours, after which an endpoint that delivered nothing is disabled and the administrators are emailed.</p>
<pre>${escapeHtml(WEBHOOK_VERIFICATION_SNIPPET)}</pre></section>`;
