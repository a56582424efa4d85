import {
  type CloseIncidentBody,
  type CorrectiveAction,
  closeIncidentBody,
  type IncidentFields,
  incidentFieldsSchema,
  type Person,
} from '@blotter/shared';
import { EMPLOYEES, type KnownPerson, RECURRING_SUSPECTS, type Site } from '../data/demo-people';
import { CLOSERS, FOLLOW_UPS, SCENARIOS, type Scenario } from '../data/demo-scenarios';
import { SITE_ADDRESSES } from '../data/demo-things';
import { cityFields, correctiveAction, type DemoRefs } from './cards';
import { planParts } from './plan-parts';
import { SeededRandom } from './seeded-random';
import { later, occurredBefore, reportedMoment } from './timeline';

export type Actor = 'admin' | 'staff';

/** What an edit changes on the working copy of the incident. */
export interface EditChange {
  assignedUserId?: string;
  followUp?: string;
  severityId?: string;
  action?: CorrectiveAction;
}

/** One change of an incident by one of the demo users, at the moment it is dated in the history. */
export type StoryEvent =
  | { kind: 'create'; at: number; by: Actor; closeOnEntry?: CloseIncidentBody }
  | { kind: 'edit'; at: number; by: Actor; change: EditChange }
  | { kind: 'close'; at: number; by: Actor; body: CloseIncidentBody }
  | { kind: 'reopen'; at: number; by: Actor }
  | { kind: 'lock'; at: number; by: Actor };

/** An incident of the demo history: the form as first submitted, and what happened to it afterwards. */
export interface Story {
  fields: IncidentFields;
  /** Cards of persons who come back (card id → their key): from their second incident on they are picked from the register. */
  recurring: Map<string, KnownPerson>;
  events: StoryEvent[];
}

export interface DemoUsers {
  admin: string;
  staff: string;
}

export const DEMO_HISTORY_SEED = 20_240_611;
const DAYS = 730;
/** Scales each scenario's close rate so that about a third of the history ends closed. */
const CLOSE_SCALE = 0.42;

const paragraph = (text: string) =>
  `<p>${text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</p>`;

/** The node recorded: the deepest one mostly, its parent sometimes (people do not always drill down). */
function recordedPath(rng: SeededRandom, path: readonly string[], parentChance: number, minDepth: number) {
  return path.length > minDepth && rng.chance(parentChance) ? path.slice(0, -1) : path;
}

function closeBody(rng: SeededRandom, scenario: Scenario): CloseIncidentBody {
  const closeComments = rng.pick(scenario.closing);
  if (!rng.chance(0.1)) return closeIncidentBody.parse({ closedBy: 'USER', closeComments });
  const closer = rng.pick(CLOSERS);
  return closeIncidentBody.parse({
    closedBy: 'OTHER',
    closeFirstName: closer.first,
    closeLastName: closer.last,
    closePosition: closer.position,
    closeDepartment: closer.department,
    closeComments,
  });
}

function editChange(
  rng: SeededRandom,
  refs: DemoRefs,
  users: DemoUsers,
  scenario: Scenario,
  fields: IncidentFields,
): EditChange {
  const change: EditChange = { followUp: rng.pick(FOLLOW_UPS) };
  if (!fields.assignedUserId && rng.chance(0.5)) change.assignedUserId = rng.chance(0.6) ? users.admin : users.staff;
  if (rng.chance(0.2)) change.severityId = refs.lookup('severityType', rng.pick(['Medium', 'High']));
  if (scenario.actions && rng.chance(0.4)) {
    const involved = fields.persons.filter((p) => p.relationSuspect || p.relationVictim).map((p) => p.id);
    change.action = correctiveAction(rng, refs, rng.pick(scenario.actions), involved.slice(0, 2), 'EDIT');
  }
  return change;
}

/** What happens after the submit: edits, close, sometimes a reopen, a lock for sensitive matters. */
function planEvents(
  rng: SeededRandom,
  refs: DemoRefs,
  users: DemoUsers,
  scenario: Scenario,
  fields: IncidentFields,
  created: number,
  now: number,
): StoryEvent[] {
  const creator: Actor = rng.chance(0.65) ? 'staff' : 'admin';
  const byCreatorOrAdmin = (chance: number): Actor => (creator === 'staff' && rng.chance(chance) ? 'staff' : 'admin');
  const create: StoryEvent = { kind: 'create', at: created, by: creator };
  if (scenario.closeRate >= 0.85 && rng.chance(0.3)) return [{ ...create, closeOnEntry: closeBody(rng, scenario) }];
  const events: StoryEvent[] = [create];
  let at = created;
  const push = (event: StoryEvent) => {
    events.push(event);
    at = event.at;
  };
  const edit = (by: Actor) => {
    const when = later(rng, at, 60, 5 * 1440, now);
    if (when) push({ kind: 'edit', at: when, by, change: editChange(rng, refs, users, scenario, fields) });
  };
  const close = (by: Actor) => {
    const when = later(rng, at, 120, 30 * 1440, now);
    if (when) push({ kind: 'close', at: when, by, body: closeBody(rng, scenario) });
    return when !== undefined;
  };
  if (rng.chance(0.2)) edit(byCreatorOrAdmin(0.5));
  if (!rng.chance(scenario.closeRate * CLOSE_SCALE) || !close(byCreatorOrAdmin(0.35))) return events;
  if (rng.chance(0.06)) {
    const reopened = later(rng, at, 1440, 10 * 1440, now);
    if (!reopened) return events;
    push({ kind: 'reopen', at: reopened, by: 'admin' });
    edit('admin');
    if (!rng.chance(0.6) || !close('admin')) return events;
  }
  if (scenario.sensitive && rng.chance(0.9)) {
    const locked = later(rng, at, 60, 3 * 1440, now);
    if (locked) push({ kind: 'lock', at: locked, by: 'admin' });
  }
  return events;
}

function planIncident(rng: SeededRandom, refs: DemoRefs, users: DemoUsers, now: number): Story {
  const scenario = SCENARIOS[Number(rng.weighted(Object.fromEntries(SCENARIOS.map((s, i) => [String(i), s.weight]))))];
  if (!scenario) throw new Error('No scenario');
  const place = rng.pick(scenario.where).split('/');
  const site = place[1] as Site;
  const reported = reportedMoment(rng, now, DAYS);
  const { occurred, uncertain } = occurredBefore(rng, reported);
  const created = Math.min(reported + rng.int(10, 240) * 60_000, now - 2 * 60_000);
  const recurring = new Map<string, KnownPerson>();
  const known = (person: KnownPerson, card: Person) => {
    recurring.set(card.id, person);
    return card;
  };
  const parts = planParts(rng, refs, scenario, site, known, {
    employees: EMPLOYEES.filter((e) => e.site === site),
    suspects: RECURRING_SUSPECTS.filter((s) => s.site === site),
  });
  const severity = rng.weighted(scenario.severity);
  const cause = scenario.causes && rng.chance(0.6) ? rng.pick(scenario.causes) : undefined;
  const withAction = scenario.actions && rng.chance(0.3);
  const involved = parts.persons.filter((p) => p.relationSuspect || p.relationVictim);
  const fields = incidentFieldsSchema.parse({
    assignedUserId: rng.chance(0.25) ? (rng.chance(0.6) ? users.admin : users.staff) : null,
    reportedDate: new Date(reported).toISOString(),
    occurredDate: new Date(occurred).toISOString(),
    occurredDateUncertain: uncertain,
    lastClassId: refs.lookup('incidentClass', recordedPath(rng, scenario.what, 0.3, 2).join('/')),
    severityId: refs.lookup('severityType', severity),
    primaryCauseId: cause ? refs.lookup('incidentCause', cause) : null,
    causeComments: cause ? paragraph(`${cause.split('/')[1]} was the main contributing factor.`) : '',
    summary: paragraph(parts.summary(rng.pick(scenario.summaries), place[place.length - 1] ?? '')),
    location: {
      ...SITE_ADDRESSES[site],
      ...cityFields(SITE_ADDRESSES[site].city),
      countryName: 'Canada',
      lastLocationId: refs.lookup('location', recordedPath(rng, place, 0.25, 3).join('/')),
    },
    persons: parts.persons,
    companies: parts.companies,
    vehicles: parts.vehicles,
    items: parts.items,
    correctiveActions:
      withAction && scenario.actions
        ? [
            correctiveAction(
              rng,
              refs,
              rng.pick(scenario.actions),
              involved.slice(0, 2).map((p) => p.id),
              'CREATE',
            ),
          ]
        : [],
  });
  return { fields, recurring, events: planEvents(rng, refs, users, scenario, fields, created, now) };
}

/**
 * The demo company's history: `count` incidents over the last two years, oldest first, each with
 * the changes made to it afterwards. The same moment gives the same history (dates are relative to it).
 */
export function planDemoHistory(refs: DemoRefs, users: DemoUsers, now: number, count = 300): Story[] {
  const rng = new SeededRandom(DEMO_HISTORY_SEED);
  const stories = Array.from({ length: count }, () => planIncident(rng, refs, users, now));
  return stories.sort((a, b) => (a.events[0]?.at ?? 0) - (b.events[0]?.at ?? 0));
}
