import type { ApiTokenCreated } from '@blotter/shared';
import type { Walker } from './privacy-walker';

/**
 * The walk's steps of the API access card (issue 32 §2; privacy-walk-steps.ts places them in WALK):
 * a token is made, listed, used for a read and revoked. The list and the answers never carry a
 * person's private fields; the secret appears only in the create's answer.
 */

type Step = [string, (w: Walker) => Promise<unknown>];

export const API_TOKEN_STEPS: Step[] = [
  [
    'POST /apiTokens',
    async (w) => {
      const created = await w.json<ApiTokenCreated>('POST /apiTokens', {
        url: '/apiTokens',
        payload: { name: 'Walk token', privileges: ['ALLINCIDENT_SEARCH'] },
      });
      w.state.apiToken = created.token.id;
    },
  ],
  ['GET /apiTokens', (w) => w.json('GET /apiTokens', { url: '/apiTokens?p=0&psz=10' })],
  ['DELETE /apiTokens/:id', (w) => w.call('DELETE /apiTokens/:id', { url: `/apiTokens/${w.state.apiToken}` })],
];
