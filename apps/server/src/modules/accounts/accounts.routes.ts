import {
  accountSchema,
  accountUpdateBody,
  companySettingsBody,
  companySettingsSchema,
  logoUploadAnswer,
} from '@blotter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../plugins/route';
import type { UploadDeps } from '../files/upload-deps';
import { deleteLogo, uploadLogo } from './account-logo-upload';
import { changeAccount, getAccount, getSettings, updateSettings } from './accounts.service';

/** The company's account and settings (spec 3 §7 Accounts and settings), for ACCOUNT_ADMIN. */
export async function accountRoutes(app: FastifyInstance) {
  const privileges = ['ACCOUNT_ADMIN'] as const;
  const deps = (request: FastifyRequest, tenant: UploadDeps['tenant']): UploadDeps => ({
    tenant,
    storage: app.storage,
    signer: app.fileSigner,
    log: request.log,
  });

  defineRoute(app, {
    method: 'GET',
    url: '/accounts',
    tag: 'Accounts',
    summary: "The signed-in user's company: name, country, status, trial, logo and billing details.",
    privileges,
    response: accountSchema,
    handler: ({ auth, tenant }) => tenant((tx) => getAccount(tx, auth.accountId, app.fileSigner)),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/accounts',
    tag: 'Accounts',
    summary: "Change the company's name, country and measurement type (billing: PUT /accounts/billingInformation).",
    privileges,
    body: accountUpdateBody,
    response: accountSchema,
    handler: ({ auth, body, tenant }) =>
      tenant(async (tx) => {
        await changeAccount(tx, auth, body);
        return getAccount(tx, auth.accountId, app.fileSigner);
      }),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/accounts/settings',
    tag: 'Accounts',
    summary: 'The company settings (spec 3 §3), the logo as a signed URL.',
    privileges,
    response: companySettingsSchema,
    handler: ({ auth, tenant }) => tenant((tx) => getSettings(tx, auth.accountId, app.fileSigner)),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/accounts/settings',
    tag: 'Accounts',
    summary:
      'Change the company settings; auto-logout 600 or 900 s (and 20 s outside production). ' +
      'A new measurement type reaches the session claims at the next sign-in.',
    privileges,
    body: companySettingsBody,
    response: companySettingsSchema,
    handler: ({ auth, body, tenant }) =>
      tenant((tx) => updateSettings(tx, auth, body, { environment: app.config.environment, signer: app.fileSigner })),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/accounts/logo',
    tag: 'Accounts',
    summary: 'Upload the company logo (multipart: file): an image within maxLogoFileSize MB.',
    privileges,
    multipart: true,
    response: logoUploadAnswer,
    handler: ({ auth, request, tenant }) => uploadLogo(deps(request, tenant), auth, request),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/accounts/logo',
    tag: 'Accounts',
    summary: 'Remove the company logo.',
    privileges,
    response: null,
    handler: async ({ auth, request, tenant }) => {
      await deleteLogo(deps(request, tenant), auth);
      return undefined;
    },
  });
}
