import { image } from './file-fixtures';
import type { Walker } from './privacy-walker';
import { form } from './uploads';

/**
 * The profile steps of the private-field walk (issue 14): the walker reads and saves their own
 * profile, uploads a picture and asks for a password reset link. A user is not an incident person:
 * no private person field may appear here.
 */
export const PROFILE_STEPS: [string, (w: Walker) => Promise<unknown>][] = [
  [
    'GET /users/profile',
    async (w) => {
      w.state.profile = JSON.stringify(await w.json('GET /users/profile', { url: '/users/profile' }));
    },
  ],
  [
    'PUT /users/profile',
    // The profile as read, sent back: the payload is the profile.
    (w) => w.json('PUT /users/profile', { url: '/users/profile', payload: JSON.parse(w.state.profile ?? '{}') }),
  ],
  [
    'POST /users/avatars',
    async (w) =>
      w.json('POST /users/avatars', {
        url: '/users/avatars',
        payload: form({}, { data: await image('png'), name: 'me.png', type: 'image/png' }),
      }),
  ],
  [
    'GET /users/requestChangePassword',
    (w) => w.call('GET /users/requestChangePassword', { url: '/users/requestChangePassword' }),
  ],
  [
    'GET /users/resetPassword',
    (w) => w.call('GET /users/resetPassword', { url: `/users/resetPassword?token=${'x'.repeat(43)}` }),
  ],
  [
    'GET /siteAdmins/authenticateQuickBooks',
    (w) => w.call('GET /siteAdmins/authenticateQuickBooks', { url: '/siteAdmins/authenticateQuickBooks' }),
  ],
  [
    'GET /siteAdmins/quickBooksCallback',
    (w) => w.call('GET /siteAdmins/quickBooksCallback', { url: '/siteAdmins/quickBooksCallback?code=x&state=y' }),
  ],
  [
    'POST /siteAdmins/demoServer/import',
    (w) => w.call('POST /siteAdmins/demoServer/import', { url: '/siteAdmins/demoServer/import' }),
  ],
];
