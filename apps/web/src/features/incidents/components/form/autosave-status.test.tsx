// @vitest-environment jsdom
import { type Draft, draftSchema, type IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormTextField } from '../../../../components/form/form-text-field';
import { useFakeClock, useRealClock } from '../../../../test/fake-timers';
import { api, server } from '../../../../test/msw-server';
import { renderWithApp } from '../../../../test/render';
import { useDraftAutosave } from '../../hooks/use-draft-autosave';
import { createFlushRegistry } from '../../utils/flush-registry';
import { formValuesOf } from '../../utils/form-values';
import { localCopyKey } from '../../utils/local-draft-copy';
import { AutosaveStatus, SAVE_FAILING_MESSAGE } from './autosave-status';

const draft: Draft = draftSchema.parse({
  id: '6f1c1c8e-3d0b-4b7a-9a43-2b1f3f0b5a10',
  status: 0,
  incidentId: null,
  number: null,
  creationDate: '2026-11-27T10:00:00Z',
  lastUpdateDate: '2026-11-27T10:00:00Z',
  createUserName: 'Ada Admin',
  data: {},
  pictureUrls: {},
});
const localKey = localCopyKey('user-1', draft.id);

/** The autosave as the incident entry form wires it (IncidentEntryForm), around one of its fields. */
function AutosavedForm() {
  const [registry] = useState(createFlushRegistry);
  const methods = useForm<IncidentFieldsInput>({ defaultValues: formValuesOf(draft) });
  const autosave = useDraftAutosave({
    draft,
    userId: 'user-1',
    getValues: methods.getValues,
    registry,
    startsUnsaved: false,
  });
  return (
    <FormProvider {...methods}>
      <FormTextField<IncidentFieldsInput> name="location.address" label="Address" />
      <AutosaveStatus autosave={autosave} />
    </FormProvider>
  );
}

/** PUT /draftIncidents answered by `answer` in turn (the last one repeats); each body is kept. */
function draftSaves(...answers: (() => Response)[]) {
  const bodies: { id: string; data: { location: { address: string } } }[] = [];
  server.use(
    http.put(api('/draftIncidents'), async ({ request }) => {
      bodies.push((await request.json()) as (typeof bodies)[number]);
      const answer = answers[Math.min(bodies.length, answers.length) - 1];
      return answer ? answer() : HttpResponse.json({ id: draft.id, lastUpdateDate: new Date().toISOString() });
    }),
  );
  return bodies;
}
const ok = () => HttpResponse.json({ id: draft.id, lastUpdateDate: '2026-11-27T10:05:00Z' });
const down = () => HttpResponse.json({ code: 'INTERNAL', message: 'Something went wrong.' }, { status: 503 });

async function typeAddress(text: string) {
  const rendered = renderWithApp(<AutosavedForm />, { advanceTimers: vi.advanceTimersByTime });
  await rendered.user.type(screen.getByRole('textbox', { name: 'Address' }), text);
  return rendered;
}
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(useFakeClock);
afterEach(useRealClock);

describe('incident form autosave (spec 1 §4)', () => {
  it('saves once the typing pauses, with the whole form, and says so for 5 s', async () => {
    const bodies = draftSaves(ok);
    await typeAddress('12 Main St');
    // Nothing is sent while the person types (200 ms pause).
    expect(bodies).toHaveLength(0);
    await pass(200);
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.id).toBe(draft.id);
    expect(bodies[0]?.data.location.address).toBe('12 Main St');
    expect(bodies[0]?.data).toEqual(expect.objectContaining({ summary: expect.anything() }));
    await vi.waitFor(() => expect(screen.getByText('Draft saved')).toBeInTheDocument());
    expect(localStorage.getItem(localKey)).toBeNull();
    await pass(5000);
    expect(screen.queryByText('Draft saved')).not.toBeInTheDocument();
  });

  it('keeps the data in the browser while the server is down, warns after 3 failures, recovers', async () => {
    const bodies = draftSaves(down, down, down, ok);
    await typeAddress('Dock 4');
    await pass(200);
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    // The unsaved data waits in this browser for the next attempt (or a restore after a crash).
    await vi.waitFor(() => expect(localStorage.getItem(localKey)).toContain('Dock 4'));
    expect(screen.queryByText(SAVE_FAILING_MESSAGE)).not.toBeInTheDocument();

    await pass(2000);
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(screen.queryByText(SAVE_FAILING_MESSAGE)).not.toBeInTheDocument();
    await pass(5000);
    await vi.waitFor(() => expect(bodies).toHaveLength(3));
    await vi.waitFor(() => expect(screen.getByText(SAVE_FAILING_MESSAGE)).toBeInTheDocument());

    await pass(10_000);
    await vi.waitFor(() => expect(bodies).toHaveLength(4));
    await vi.waitFor(() => expect(screen.getByText('Draft saved')).toBeInTheDocument());
    expect(screen.queryByText(SAVE_FAILING_MESSAGE)).not.toBeInTheDocument();
    expect(localStorage.getItem(localKey)).toBeNull();
    expect(bodies[3]?.data.location.address).toBe('Dock 4');
  });

  it("a refused save shows the server's reason with the warning", async () => {
    const refused = () => HttpResponse.json({ code: 'BAD_REQUEST', message: 'Address is too long.' }, { status: 400 });
    const bodies = draftSaves(refused);
    const { unmount } = await typeAddress('Pier 9');
    await pass(200);
    await pass(2000);
    await pass(5000);
    await vi.waitFor(() => expect(bodies).toHaveLength(3));
    await vi.waitFor(() =>
      expect(screen.getByText(`${SAVE_FAILING_MESSAGE} (Address is too long.)`)).toBeInTheDocument(),
    );
    // Leaving the form tries once more (and the browser copy keeps the data).
    unmount();
    await vi.waitFor(() => expect(bodies).toHaveLength(4));
    expect(localStorage.getItem(localKey)).toContain('Pier 9');
  });
});
