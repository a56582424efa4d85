import { type IncidentFields, incidentCreateRequest, incidentUpdateBody, readerTimezoneOffset } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { createDraft } from '../../../modules/incidents/drafts/drafts.service';
import { updateIncident } from '../../../modules/incidents/incidents.service';
import { createIncidentMaybeClosed } from '../../../modules/incidents/lifecycle/create-closed';
import { closeIncident, reopenIncident, setIncidentLock } from '../../../modules/incidents/lifecycle/lifecycle.service';
import type { Principal } from '../../../plugins/auth';
import type { Tx } from '../../client';
import { incidentPersons } from '../../schema/index';
import type { KnownPerson } from '../data/demo-people';
import type { EditChange, Story, StoryEvent } from './plan';

/**
 * The register entries of the persons who come back, by person: their first incident records them
 * (registerParties), and from then on their cards name that entry, as a card picked with the form's
 * 'Add person' search does (POST /incidents/persons answers the entry's details; the submit then
 * updates the entry with the card).
 */
export type Registered = Map<KnownPerson, string>;

function submittedFields(story: Story, registered: Registered): IncidentFields {
  const persons = story.fields.persons.map((card) => {
    const known = story.recurring.get(card.id);
    const personId = known ? registered.get(known) : undefined;
    return personId ? { ...card, personId } : card;
  });
  return { ...story.fields, persons };
}

/** Remembers the register entries the incident's first-time known persons were recorded under. */
async function rememberRegistered(tx: Tx, story: Story, incidentId: string, registered: Registered) {
  const first = [...story.recurring].filter(([, known]) => !registered.has(known));
  if (first.length === 0) return;
  const rows = await tx
    .select({ id: incidentPersons.id, personId: incidentPersons.personId })
    .from(incidentPersons)
    .where(eq(incidentPersons.incidentId, incidentId));
  for (const [cardId, known] of first) {
    const personId = rows.find((row) => row.id === cardId)?.personId;
    if (personId) registered.set(known, personId);
  }
}

function edited(data: IncidentFields, change: EditChange): IncidentFields {
  return {
    ...data,
    assignedUserId: change.assignedUserId ?? data.assignedUserId,
    severityId: change.severityId ?? data.severityId,
    summary: change.followUp ? `${data.summary}<p>${change.followUp}</p>` : data.summary,
    correctiveActions: change.action ? [...data.correctiveActions, change.action] : data.correctiveActions,
  };
}

/**
 * One change of the story through the service functions the routes call, with the request bodies
 * their routes validate: POST /incidents (with the Close dialog's answer when closed on entry), an
 * edit from the working copy (POST /draftIncidents with the incident, PUT /incidents), POST
 * /incidents/close, /open and /lock. Answers the incident's id.
 */
export async function applyStoryEvent(
  tx: Tx,
  principal: Principal,
  story: Story,
  event: StoryEvent,
  incidentId: string | undefined,
  registered: Registered,
): Promise<string> {
  if (event.kind === 'create') {
    const body = incidentCreateRequest.parse({
      ...submittedFields(story, registered),
      draftId: null,
      close: event.closeOnEntry,
    });
    const { id } = await createIncidentMaybeClosed(tx, principal, body);
    await rememberRegistered(tx, story, id, registered);
    return id;
  }
  if (!incidentId) throw new Error('A change of an incident that was not created');
  if (event.kind === 'edit') {
    const copy = await createDraft(tx, principal, incidentId);
    const body = incidentUpdateBody.parse({
      ...edited(copy.data, event.change),
      id: incidentId,
      draftId: copy.id,
      baseVersion: copy.baseVersion ?? undefined,
    });
    const clock = { dateFormat: principal.account.dateFormat, timezoneOffset: readerTimezoneOffset(undefined) };
    await updateIncident(tx, principal, body, clock);
  } else if (event.kind === 'close') {
    await closeIncident(tx, principal, incidentId, event.body);
  } else if (event.kind === 'reopen') {
    await reopenIncident(tx, principal, incidentId);
  } else {
    await setIncidentLock(tx, principal, incidentId, true);
  }
  return incidentId;
}
