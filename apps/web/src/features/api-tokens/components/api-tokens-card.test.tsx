// @vitest-environment jsdom
import { DATE_FORMAT } from '@blotter/shared/constants';
import type { ApiToken, ApiTokenPage } from '@blotter/shared/schemas/api-tokens';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/msw-server';
import { renderWithApp, testClaims } from '../../../test/render';
import { ApiTokensPanel } from './api-tokens-card';

const SECRET = 'blt_live_Ab3xQWERTYUIOPASDFGHJKLZXCVBNMqwertyuiopasdfg012345';

const token = (overrides: Partial<ApiToken>): ApiToken => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'BI export',
  hint: 'blt_live_Ab3x',
  privileges: ['ALLINCIDENT_SEARCH', 'INCIDENT_ANALYSIS'],
  createdByName: 'Ada Admin',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-20T15:30:00.000Z',
  revokedAt: null,
  status: 'active',
  ...overrides,
});

/** Serves GET, POST and DELETE /apiTokens from a list kept here, recording what was sent. */
function tokenServer(initial: ApiToken[]) {
  const items = [...initial];
  const sent: { method: string; url: string; body?: unknown }[] = [];
  server.use(
    http.get(api('/apiTokens'), ({ request }) => {
      sent.push({ method: 'GET', url: new URL(request.url).search });
      const page: ApiTokenPage = { items, total: items.length, page: 0, pageSize: 10 };
      return HttpResponse.json(page);
    }),
    http.post(api('/apiTokens'), async ({ request }) => {
      const body = (await request.json()) as { name: string; privileges: ApiToken['privileges'] };
      sent.push({ method: 'POST', url: '', body });
      const made = token({ id: '00000000-0000-4000-8000-000000000009', name: body.name, privileges: body.privileges });
      items.unshift(made);
      return HttpResponse.json({ token: made, secret: SECRET });
    }),
    http.delete(api('/apiTokens/:id'), ({ params }) => {
      sent.push({ method: 'DELETE', url: String(params.id) });
      const found = items.find((item) => item.id === params.id);
      if (found) Object.assign(found, { status: 'revoked', revokedAt: '2026-11-28T10:00:00.000Z' });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

describe('API access card (issue 32 §2)', () => {
  it('lists the tokens of the page asked from the server, with hint, privileges count, dates and status', async () => {
    const sent = tokenServer([
      token({}),
      token({ id: '00000000-0000-4000-8000-000000000002', name: 'Old sync', status: 'revoked', lastUsedAt: null }),
    ]);
    renderWithApp(<ApiTokensPanel dateFormat={DATE_FORMAT.DMY} />);
    const table = await screen.findByRole('table', { name: 'API tokens' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('BI export')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('blt_live_Ab3x…')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('2')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('01/11/2026')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Revoked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke BI export' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Old sync' })).not.toBeInTheDocument();
    expect(sent[0]).toEqual({ method: 'GET', url: '?p=0&psz=10' });
  });

  it('creates a token with only privileges the creator holds and shows its secret once, with Copy', async () => {
    const sent = tokenServer([]);
    const claims = testClaims({ admin: false, privileges: ['ACCOUNT_ADMIN', 'ALLINCIDENT_SEARCH'] });
    const { user } = renderWithApp(<ApiTokensPanel dateFormat={DATE_FORMAT.DMY} />, { claims });
    await screen.findByText('No API tokens yet.');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API token' });
    expect(within(dialog).getByLabelText('Search all incidents')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Delete users')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('System administration')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one privilege')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Token name/), 'Nightly BI');
    await user.click(within(dialog).getByLabelText('Search all incidents'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'API token created' });
    expect(within(shown).getByLabelText('API token')).toHaveValue(SECRET);
    expect(within(shown).getByText(/You will not see it again/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nightly BI',
      privileges: ['ALLINCIDENT_SEARCH'],
      expiresAt: null,
    });

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Nightly BI')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('revokes a token after confirming', async () => {
    const sent = tokenServer([token({})]);
    const { user } = renderWithApp(<ApiTokensPanel dateFormat={DATE_FORMAT.DMY} />);
    await user.click(await screen.findByRole('button', { name: 'Revoke BI export' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke API token' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('BI export has been revoked.')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '00000000-0000-4000-8000-000000000001' },
    ]);
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });
});
