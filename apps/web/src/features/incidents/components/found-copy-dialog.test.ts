import type { Draft } from '@blotter/shared/schemas/incident-form';
import { describe, expect, it } from 'vitest';
import { foundCopyText } from './found-copy-dialog';

const copy: Draft = {
  id: 'copy',
  status: 3,
  incidentId: 'incident',
  number: 12,
  creationDate: '2026-11-20T09:00:00.000Z',
  lastUpdateDate: new Date(2026, 10, 20, 9, 5).toISOString(),
  createUserName: 'Sam Ortiz',
  data: {} as Draft['data'],
  pictureUrls: {},
  stored: true,
  baseVersion: 3,
  changedSince: null,
};

describe('the offer of a working copy found on opening', () => {
  it('says when the copy was last changed, in the company format', () => {
    expect(foundCopyText(copy, 0)).toEqual([
      'You have changes to Incident #12 from 20/11/2026 09:05 AM that are not saved to the incident yet.',
    ]);
  });

  it('says who changed the incident since the copy was made, and when', () => {
    const changed = {
      ...copy,
      changedSince: { version: 4, userName: 'Dana Whitfield', date: new Date(2026, 10, 21, 15, 30).toISOString() },
    };
    const [, change] = foundCopyText(changed, 1);
    expect(change).toBe(
      'The incident has changed since your copy was made: Dana Whitfield changed it on 11/21/2026 03:30 PM. ' +
        'Your copy cannot be saved over that change; discard it to edit the current incident.',
    );
  });
});
