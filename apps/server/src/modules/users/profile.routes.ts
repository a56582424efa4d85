import { avatarUploadAnswer, PROFILE_MESSAGES, profileSchema, profileUpdateBody } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../plugins/errors';
import { defineRoute } from '../../plugins/route';
import { uploadAvatar } from './avatar-upload';
import { RESET_TTL_MINUTES, requestPasswordReset } from './password-reset.service';
import { getProfile, updateProfile } from './profile.service';
import { resetPasswordRoutes } from './reset-password.routes';

/** The signed-in user's own profile, picture and password (spec 3 §7 Users); no privilege needed. */
export async function profileRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/users/profile',
    tag: 'Users',
    summary: "The signed-in user's profile: names, email, the read-only fields, workgroup and picture.",
    response: profileSchema,
    handler: ({ auth, tenant }) => tenant((tx) => getProfile(tx, auth, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/users/profile',
    tag: 'Users',
    summary:
      "Changes the signed-in user's first name, middle name and last name (the email and the other fields are not changed here). Audited (USER UPDATE).",
    body: profileUpdateBody,
    response: profileSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => updateProfile(tx, auth, body, app.fileSigner)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/users/avatars',
    tag: 'Users',
    summary:
      "Uploads the signed-in user's picture (multipart: file): an image within the company's maxAvatarFileSize MB, stored as a 512×512 JPEG. The answer's data is the new picture's URL.",
    multipart: true,
    response: avatarUploadAnswer,
    handler: ({ auth, request, tenant }) =>
      uploadAvatar({ tenant, storage: app.storage, signer: app.fileSigner, log: request.log }, auth, request),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/users/requestChangePassword',
    tag: 'Users',
    summary: `Emails the signed-in user a link to choose a new password (single use, ${RESET_TTL_MINUTES} minutes; the web says "${PROFILE_MESSAGES.passwordResetSent}"). A new password ends every other session of the user.`,
    writes: true,
    rateLimit: { max: 30, timeWindow: '1 hour' },
    response: null,
    handler: async ({ auth, tenant }) => {
      // With an external identity provider the password is that provider's to change.
      if (!app.config.oidc.embedded) throw badRequest('Your password is managed by your sign-in provider.');
      await tenant((tx) => requestPasswordReset(tx, auth, app.config.publicUrl));
      return undefined;
    },
  });

  await resetPasswordRoutes(app);
}
