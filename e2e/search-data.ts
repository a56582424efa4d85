import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs } from './support';

interface LookupNode {
  id: string;
  children?: LookupNode[];
}

export interface TestIncident {
  /** Last names of the persons on the incident. */
  persons: string[];
  closed?: boolean;
  /** Hours before now that it occurred (reported one hour later). */
  hoursAgo?: number;
  /** When it occurred, instead of hoursAgo (reported a minute later). */
  occurredAt?: Date;
  /** The id of its location lookup. */
  locationId?: string;
}

/**
 * Enters incidents through the API as the page's user, the way the form sends them (persons as
 * cards, optionally closed at once); answers their numbers in the order given.
 */
export async function createIncidents(page: Page, incidents: readonly TestIncident[]): Promise<number[]> {
  const api = await apiAs(page);
  const init = await api.get<{ multipleLookups: { incidentClass?: LookupNode[] } }>('/commons/initData');
  const firstClass = init.multipleLookups.incidentClass?.[0];
  const lastClassId = firstClass?.children?.[0]?.id ?? firstClass?.id;
  const hour = 60 * 60 * 1000;
  const numbers: number[] = [];
  for (const incident of incidents) {
    const occurred = incident.occurredAt ?? new Date(Date.now() - (incident.hoursAgo ?? 2) * hour);
    const reported = new Date(occurred.getTime() + (incident.occurredAt ? 60_000 : hour));
    const created = await api.post<{ number: number }>('/incidents', {
      reportedDate: reported.toISOString(),
      occurredDate: occurred.toISOString(),
      lastClassId,
      ...(incident.locationId ? { location: { lastLocationId: incident.locationId } } : {}),
      persons: incident.persons.map((lastName) => ({ id: randomUUID(), firstName: 'Sam', lastName })),
      ...(incident.closed ? { close: { closedBy: 'USER' } } : {}),
    });
    numbers.push(created.number);
  }
  return numbers;
}

/** A suffix that makes this run's names unique (the demo company is shared by the whole run). */
export const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
