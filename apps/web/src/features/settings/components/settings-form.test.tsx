// @vitest-environment jsdom
import type { CompanySettings } from '@blotter/shared/schemas/commons';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestClientConfig } from '../../../test/client-config';
import { api, server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render';
import { SettingsForm } from './settings-form';
import { timeZoneOptions } from './time-zone-field';

/* The company settings form's Time zone (issue 31): offered from the browser's zones, saved with the rest. */

const settings = (overrides: Partial<CompanySettings> = {}): CompanySettings => ({
  companyName: 'Acme Retail',
  phone: '555-0100',
  companyCountryCode: 'CA',
  measurementType: 0,
  dateFormat: 1,
  billingEmail: '',
  autoLogoutTime: 900,
  logoImage: null,
  mfa: false,
  timeZone: 'America/Toronto',
  ...overrides,
});

/** Records the bodies of PUT /accounts/settings. */
function serveSave() {
  const saved: Record<string, unknown>[] = [];
  server.use(
    http.put(api('/accounts/settings'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json({ ...settings(), ...body });
    }),
  );
  return saved;
}

beforeAll(async () => {
  await loadTestClientConfig();
});

describe('SettingsForm: Time zone (issue 31)', () => {
  it('shows the company’s zone and saves the one chosen with the other settings', async () => {
    const saved = serveSave();
    const { user } = renderWithApp(<SettingsForm settings={settings()} countries={[]} />);
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('America/Toronto');
    expect(
      screen.getByText('Bans, trespass notices and watches start and end at midnight in this time zone.'),
    ).toBeInTheDocument();

    await user.clear(zone);
    await user.type(zone, 'new york');
    await user.click(await screen.findByRole('option', { name: 'America/New York' }));
    expect(zone).toHaveValue('America/New York');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ companyName: 'Acme Retail', dateFormat: 1, timeZone: 'America/New_York' });
    expect(await screen.findByText('Company settings is successfully updated.')).toBeInTheDocument();
  });

  it('starts from UTC for a company that has not chosen a zone, and keeps it when saved unchanged', async () => {
    const saved = serveSave();
    const { user } = renderWithApp(<SettingsForm settings={settings({ timeZone: undefined })} countries={[]} />);
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ timeZone: 'UTC' });
  });

  it('offers every zone of the browser, UTC and the stored zone, sorted', () => {
    const options = timeZoneOptions('Asia/Calcutta');
    expect(options).toContain('UTC');
    expect(options).toContain('Europe/Paris');
    expect(options).toContain('Asia/Calcutta');
    expect(options).toEqual([...options].sort((a, b) => a.localeCompare(b)));
    expect(new Set(options).size).toBe(options.length);
  });
});
