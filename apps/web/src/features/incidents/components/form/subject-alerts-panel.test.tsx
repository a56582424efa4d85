// @vitest-environment jsdom
import { emptyIncidentFields, type IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import type { SubjectAlert, SubjectAlertCheckBody } from '@blotter/shared/schemas/subject-alerts';
import Button from '@mui/material/Button';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, server } from '../../../../test/msw-server';
import { renderWithApp } from '../../../../test/render';
import { SubjectAlertsPanel } from './subject-alerts-panel';

const PERSON = '0b8f3a52-6a3e-4d4e-9d57-5a1d7f6c2c01';
const STORE_12 = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const SOUTH_MALL = '2c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const banned: SubjectAlert = {
  banId: 'ban-1',
  subjectKind: 'person',
  subjectId: PERSON,
  subjectName: 'Morgan Vale',
  banType: 'ban',
  locationName: 'North Mall',
  until: '12/03/2027',
  message: 'Banned from North Mall until 12/03/2027',
  reason: null,
};

/** The entry form's state around the panel, with buttons standing for adopting a register person and moving the location. */
function FormWithAlerts() {
  const methods = useForm<IncidentFieldsInput>({
    defaultValues: {
      ...emptyIncidentFields(),
      location: { ...emptyIncidentFields().location, lastLocationId: STORE_12 },
    },
  });
  return (
    <FormProvider {...methods}>
      <SubjectAlertsPanel />
      <Button
        onClick={() =>
          methods.setValue('persons', [{ id: 'card-1', personId: PERSON, firstName: 'Morgan', lastName: 'Vale' }])
        }
      >
        Adopt Morgan
      </Button>
      <Button onClick={() => methods.setValue('location.lastLocationId', SOUTH_MALL)}>Move to South Mall</Button>
    </FormProvider>
  );
}

let asked: SubjectAlertCheckBody[] = [];

beforeEach(() => {
  asked = [];
  server.use(
    http.post(api('/subjects/alerts'), async ({ request }) => {
      const body = (await request.json()) as SubjectAlertCheckBody;
      asked.push(body);
      const covered = body.locationId === STORE_12 && body.personIds.includes(PERSON);
      return HttpResponse.json({ items: covered ? [banned] : [] });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('SubjectAlertsPanel', () => {
  it('asks nothing without a subject, and shows the alert as soon as a banned person is adopted', async () => {
    const { user } = renderWithApp(<FormWithAlerts />);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(asked).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Adopt Morgan' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ban: Morgan Vale');
    expect(alert).toHaveTextContent('Banned from North Mall until 12/03/2027');
    expect(asked.at(-1)).toMatchObject({ locationId: STORE_12, personIds: [PERSON], companyIds: [], vehicles: [] });
    expect(screen.getByRole('region', { name: 'Subject alerts' })).toBeInTheDocument();

    // A location the ban does not cover: the alert goes.
    await user.click(screen.getByRole('button', { name: 'Move to South Mall' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(asked.at(-1)?.locationId).toBe(SOUTH_MALL);
  });

  it('asks nothing while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderWithApp(<FormWithAlerts />);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await user.click(screen.getByRole('button', { name: 'Adopt Morgan' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(asked).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
