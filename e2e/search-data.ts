import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs } from './support';

interface LookupNode {
  id: string;
  name: string;
  children?: LookupNode[];
}

interface InitData {
  multipleLookups: { incidentClass?: LookupNode[] };
  singleLookups: { severityType?: { id: string; name: string }[] };
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
  /** The class (the first class's first child unless given) and the severity (none unless given). */
  lastClassId?: string;
  severityId?: string;
}

/** The longest texts the results show of the demo company's lookups: the class with the longest path and the longest severity. */
export async function longestLookups(page: Page): Promise<{ classId: string; classPath: string; severityId: string }> {
  const init = await (await apiAs(page)).get<InitData>('/commons/initData');
  let longest = { classId: '', classPath: '' };
  const walk = (nodes: readonly LookupNode[], path: string) => {
    for (const node of nodes) {
      const text = path ? `${path} / ${node.name}` : node.name;
      if (text.length > longest.classPath.length) longest = { classId: node.id, classPath: text };
      walk(node.children ?? [], text);
    }
  };
  walk(init.multipleLookups.incidentClass ?? [], '');
  const severities = [...(init.singleLookups.severityType ?? [])].sort((a, b) => b.name.length - a.name.length);
  return { ...longest, severityId: severities[0]?.id ?? '' };
}

/**
 * Enters incidents through the API as the page's user, the way the form sends them (persons as
 * cards, optionally closed at once); answers their numbers in the order given.
 */
export async function createIncidents(page: Page, incidents: readonly TestIncident[]): Promise<number[]> {
  const api = await apiAs(page);
  const init = await api.get<InitData>('/commons/initData');
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
      lastClassId: incident.lastClassId ?? lastClassId,
      ...(incident.severityId ? { severityId: incident.severityId } : {}),
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
