import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectAccessible } from './axe';
import { chooseWhat, openNewIncident, savedIncidentNumber, typeDate } from './form';
import { ADMIN, openAdminCard, openFromDashboard, signIn } from './support';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/**
 * An integrator's HTTPS receiver on 127.0.0.1 with a certificate made now (openssl) for localhost;
 * the certificate is written where the server's WEBHOOKS_CA_FILE points (playwright.config.ts).
 */
function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webhook-receiver-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  copyFileSync(cert, path.join(dataDir, 'webhook-receiver-ca.pem'));
  const received: Received[] = [];
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `https://localhost:${port}/blotter/webhooks`, received });
    }),
  );
}

test('an administrator adds a webhook for closed incidents, and the receiver verifies the closed event', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const receiver = await startReceiver();
  try {
    await signIn(page, ADMIN);
    await page.setViewportSize({ width: 1366, height: 900 });
    await openAdminCard(page, 'Webhooks');
    // How to verify a signature is one click away: the snippet on the API docs page.
    await expect(page.getByRole('link', { name: 'the API documentation shows how to verify them' })).toHaveAttribute(
      'href',
      '/api/docs#webhooks',
    );
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Webhook Endpoint' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Access control (e2e)');
    await dialog.getByRole('checkbox', { name: 'Incident closed (incident.closed)' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const endpoint = page.getByRole('listitem', { name: receiver.url });
    await expect(endpoint).toContainText('Active');
    await expect(endpoint).toContainText('Incident closed');
    await endpoint.getByRole('button', { name: 'Reveal' }).click();
    const secretText = endpoint.getByLabel('Signing secret');
    await expect(secretText).toHaveText(/^whsec_/);
    const secret = (await secretText.textContent()) ?? '';
    await page.screenshot({ path: 'test-results/webhooks-card.png', fullPage: true });

    // An incident, saved and then closed in the viewer.
    await openNewIncident(page);
    await typeDate(page, 'Date occurred', '02/07/2025 10:00 AM');
    await chooseWhat(page, 'Security', 'Theft');
    await page.getByRole('button', { name: 'Save' }).click();
    const number = await savedIncidentNumber(page);
    const viewer = await openFromDashboard(page, 'Open Incidents', number);
    await viewer.getByRole('button', { name: 'Close incident' }).click();
    await page.getByRole('dialog', { name: 'Close Incident' }).getByRole('button', { name: 'Close incident' }).click();
    await page
      .getByRole('dialog', { name: 'Close confirmation' })
      .getByRole('button', { name: 'Close incident' })
      .click();
    await expect(page.getByText(`Incident #${number} is closed.`)).toBeVisible();

    // The receiver gets the closed event (not the creation: the endpoint subscribes to closes only).
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    if (!request) throw new Error('nothing received');
    const event = new Webhook(secret).verify(request.body, request.headers) as {
      type: string;
      data: { number: number; status: string; links: { html: string } };
    };
    expect(event.type).toBe('incident.closed');
    expect(event.data).toMatchObject({ number, status: 'closed' });
    expect(event.data.links.html).toMatch(/\/incident\/[0-9a-f-]{36}$/);

    // The delivery log shows it delivered.
    await openAdminCard(page, 'Webhooks');
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const log = endpoint.getByRole('table', { name: 'Delivery log' });
    await expect(log.getByRole('row').nth(1)).toContainText('incident.closed');
    await expect(log.getByRole('row').nth(1)).toContainText('Delivered');
    await expect(log.getByRole('row').nth(1)).toContainText('204');
    await page.screenshot({ path: 'test-results/webhooks-delivery-log.png', fullPage: true });
    await expectAccessible(page, 'Webhooks card with its delivery log');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/webhooks-card-phone.png', fullPage: true });
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
