import type { Tx } from '../../../db/client';
import type { Principal } from '../../../plugins/auth';
import type { IncidentChange, IncidentSnapshot } from './record-incident-change';

/** "An incident changed": published by `recordIncidentChange` inside the change's transaction. */
export interface IncidentChanged {
  action: IncidentChange;
  /** Who made the change, with their company (the transaction is already in that tenant). */
  principal: Principal;
  /** The incident after the change, exactly as its history row keeps it. */
  incident: IncidentSnapshot;
  /** The history row the change wrote. */
  historyId: string;
}

/**
 * A side effect of an incident change. It runs inside the change's transaction, before the commit:
 * it queues its slow work as jobs there (never sends anything itself), so the work happens only
 * if the change commits, and a subscriber that throws rolls the change back.
 */
export type IncidentChangedSubscriber = (tx: Tx, event: IncidentChanged) => Promise<void>;

/*
 * The process's one piece of in-memory state: who listens. Keyed by name, so building the app again
 * in the same process (tests build many) replaces a subscriber instead of running it twice.
 */
const subscribers = new Map<string, IncidentChangedSubscriber>();

/** Registers (or replaces) the subscriber of that name; `src/incident-subscribers.ts` calls it at app build. */
export function onIncidentChanged(name: string, subscriber: IncidentChangedSubscriber): void {
  subscribers.set(name, subscriber);
}

/** Removes the subscriber of that name (a test's probe, when the test ends). */
export function offIncidentChanged(name: string): void {
  subscribers.delete(name);
}

/** The names of the registered subscribers, in the order they run. */
export const incidentChangedSubscribers = (): string[] => [...subscribers.keys()];

/** Runs every subscriber in turn, in the caller's transaction (one statement at a time on it). */
export async function publishIncidentChanged(tx: Tx, event: IncidentChanged): Promise<void> {
  for (const subscriber of subscribers.values()) await subscriber(tx, event);
}

/** "An incident was deleted": published by `deleteIncident` in its transaction (no history row remains). */
export interface IncidentDeleted {
  principal: Principal;
  incident: { id: string; number: number };
}

export type IncidentDeletedSubscriber = (tx: Tx, event: IncidentDeleted) => Promise<void>;

const deletedSubscribers = new Map<string, IncidentDeletedSubscriber>();

/** Registers (or replaces) a subscriber of deletions; `src/incident-subscribers.ts` calls it at app build. */
export function onIncidentDeleted(name: string, subscriber: IncidentDeletedSubscriber): void {
  deletedSubscribers.set(name, subscriber);
}

/** Runs every deletion subscriber in turn, in the deleting transaction. */
export async function publishIncidentDeleted(tx: Tx, event: IncidentDeleted): Promise<void> {
  for (const subscriber of deletedSubscribers.values()) await subscriber(tx, event);
}
