// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OfflineIdentity } from '../../../lib/offline/identity';
import { importOfflineKey } from '../../../lib/offline/sealed';
import { api, server } from '../../../test/msw-server';
import {
  listOutbox,
  lockedOutboxItems,
  newOutboxItem,
  putOutboxItem,
  putPhoto,
  queueOutboxItem,
  setOutboxState,
} from './outbox';
import { sendOutbox } from './send-outbox';

const PHOTO_ID = '6f1d3a52-8c1e-4b7a-9d2f-1a2b3c4d5e6f';

async function identityOf(owner: string): Promise<OfflineIdentity> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const key = await importOfflineKey(
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_'),
  );
  const [accountId = '', userId = ''] = owner.split(':');
  return {
    owner,
    key,
    rememberedAt: new Date().toISOString(),
    claims: {
      admin: false,
      systemAdmin: false,
      privileges: ['MYINCIDENT_ADD'],
      status: 1,
      trial: false,
      measurementType: 0,
      accountId,
      userId,
      name: 'Guard',
    },
  };
}

/** A queued item with one photo, as Save leaves it. */
async function queuedItem(identity: OfflineIdentity, summary: string) {
  const item = newOutboxItem(identity, {
    summary,
    attachments: [{ id: PHOTO_ID, name: 'Photo 1', comments: '', incidentItemId: null, incidentVehicleId: null }],
  });
  await putPhoto(
    identity,
    item.id,
    PHOTO_ID,
    new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
  );
  return setOutboxState(identity, item, 'waiting', { queuedAt: '2026-11-28T03:10:00.000Z' });
}

interface Calls {
  drafts: string[];
  uploads: string[];
  submits: { key: string; body: Record<string, unknown> }[];
}

function serverWith(submit: (calls: Calls) => Response | Promise<Response>): Calls {
  const calls: Calls = { drafts: [], uploads: [], submits: [] };
  server.use(
    http.post(api('/draftIncidents'), ({ request }) => {
      calls.drafts.push(request.headers.get('idempotency-key') ?? '');
      return HttpResponse.json({ id: 'draft-1' });
    }),
    http.post(api('/incidents/attachments'), ({ request }) => {
      calls.uploads.push(request.headers.get('idempotency-key') ?? '');
      return HttpResponse.json({ id: 'attachment-1', name: 'Photo 1' });
    }),
    http.post(api('/incidents'), async ({ request }) => {
      calls.submits.push({
        key: request.headers.get('idempotency-key') ?? '',
        body: (await request.json()) as Record<string, unknown>,
      });
      return submit(calls);
    }),
  );
  return calls;
}

let identity: OfflineIdentity;
beforeEach(async () => {
  // Each test its own owner: the database of fake-indexeddb lives for the whole file.
  identity = await identityOf(`account:${crypto.randomUUID()}`);
});

describe('sendOutbox', () => {
  it('resumes an interrupted send without a second draft or upload, under the same keys', async () => {
    const item = await queuedItem(identity, '<p>Broken window</p>');
    const calls = serverWith(({ submits }) =>
      submits.length === 1 ? HttpResponse.error() : HttpResponse.json({ id: 'incident-1', number: 1234 }),
    );

    const first = await sendOutbox(identity);
    expect(first).toMatchObject({ sent: [], interrupted: true });
    const [waiting] = await listOutbox(identity);
    expect(waiting).toMatchObject({
      state: 'waiting',
      content: { draftId: 'draft-1', uploaded: { [PHOTO_ID]: 'attachment-1' } },
    });

    const second = await sendOutbox(identity);
    expect(second.sent).toEqual([{ itemId: item.id, number: 1234 }]);
    expect(calls.drafts).toEqual([`${item.id}:0:draft`]);
    expect(calls.uploads).toEqual([`${item.id}:0:photo:${PHOTO_ID}`]);
    expect(calls.submits.map((call) => call.key)).toEqual([`${item.id}:0:submit`, `${item.id}:0:submit`]);
    expect(calls.submits[1]?.body).toMatchObject({
      summary: '<p>Broken window</p>',
      draftId: 'draft-1',
      recordedOfflineAt: '2026-11-28T03:10:00.000Z',
      attachments: [{ id: 'attachment-1', name: 'Photo 1' }],
    });
    const [sent] = await listOutbox(identity);
    expect(sent).toMatchObject({ state: 'sent', sent: { id: 'incident-1', number: 1234 } });
    // What was typed left the phone with the send.
    expect(JSON.stringify(sent?.content)).not.toContain('Broken window');
  });

  it('keeps a refused item with the server message, and sends it again under a new key once requeued', async () => {
    const item = await queuedItem(identity, '<p>Theft</p>');
    const calls = serverWith(({ submits }) =>
      submits.length === 1
        ? HttpResponse.json(
            { code: 'VALIDATION_ERROR', message: 'The class of this incident was deleted.' },
            { status: 400 },
          )
        : HttpResponse.json({ id: 'incident-2', number: 1235 }),
    );

    const first = await sendOutbox(identity);
    expect(first).toMatchObject({ sent: [], refused: 1, interrupted: false });
    const [refused] = await listOutbox(identity);
    expect(refused).toMatchObject({
      state: 'refused',
      content: { refusal: 'The class of this incident was deleted.' },
    });
    // A refused item is not sent again until it is corrected and saved.
    expect((await sendOutbox(identity)).sent).toEqual([]);

    if (!refused) throw new Error('no item');
    // Corrected and saved in the form.
    expect(await queueOutboxItem(identity, refused, refused.content.data)).toBeDefined();
    const second = await sendOutbox(identity);
    expect(second.sent).toEqual([{ itemId: item.id, number: 1235 }]);
    expect(calls.drafts).toHaveLength(1);
    expect(calls.submits.map((call) => call.key)).toEqual([`${item.id}:0:submit`, `${item.id}:1:submit`]);
  });

  it('keeps the form from overwriting an item while it is being sent', async () => {
    const item = await queuedItem(identity, '<p>Door</p>');
    const sending = await setOutboxState(identity, item, 'sending');
    // The form still holds the copy it opened, as it was before the send began.
    expect(await queueOutboxItem(identity, item, { summary: '<p>Changed</p>' })).toBeUndefined();
    const [stored] = await listOutbox(identity);
    expect(stored).toMatchObject({ state: 'sending', content: { data: { summary: '<p>Door</p>' } } });
    expect(sending.state).toBe('sending');
  });

  it('shows nothing of one user’s items to another user of the same phone', async () => {
    await queuedItem(identity, '<p>Mine</p>');
    const other = await identityOf(`account:${crypto.randomUUID()}`);
    expect(await listOutbox(other)).toEqual([]);
    // Even an item written under the other owner's name cannot be opened without its key.
    const stolen = newOutboxItem(identity, { summary: '<p>Secret</p>' });
    await putOutboxItem(identity, stolen);
    expect(await listOutbox({ ...other, owner: identity.owner })).toEqual([]);
    // Its owner with a changed key sees that they exist and cannot be read, rather than nothing.
    expect(await lockedOutboxItems({ ...other, owner: identity.owner })).toHaveLength(2);
    expect(await lockedOutboxItems(identity)).toEqual([]);
  });
});
