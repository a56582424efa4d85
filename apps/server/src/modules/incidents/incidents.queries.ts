import { hasPrivilege, type IncidentRow } from '@blotter/shared';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { incidents, users } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';

const creator = alias(users, 'creator');
const assignee = alias(users, 'assignee');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Locked incidents stay hidden from users without INCIDENT_LOCK (spec 1 §4). */
export function visibleToUser(principal: Principal) {
  return hasPrivilege(principal, 'INCIDENT_LOCK') ? undefined : eq(incidents.locked, false);
}

/** Incidents the user entered or investigates, newest first. */
export async function listMyIncidents(tx: Tx, principal: Principal): Promise<IncidentRow[]> {
  const rows = await tx
    .select({
      incident: incidents,
      createUserName: sql<string>`trim(${creator.firstName} || ' ' || ${creator.lastName})`,
      assignedUserName: sql<string | null>`trim(${assignee.firstName} || ' ' || ${assignee.lastName})`,
    })
    .from(incidents)
    .innerJoin(creator, eq(creator.id, incidents.createUserId))
    .leftJoin(assignee, eq(assignee.id, incidents.assignedUserId))
    .where(
      and(
        or(eq(incidents.createUserId, principal.userId), eq(incidents.assignedUserId, principal.userId)),
        visibleToUser(principal),
      ),
    )
    .orderBy(desc(incidents.number));
  return rows.map(({ incident: i, createUserName, assignedUserName }) => ({
    id: i.id,
    number: i.number,
    status: i.status,
    locked: i.locked,
    creationDate: i.createdAt.toISOString(),
    lastUpdateDate: i.updatedAt.toISOString(),
    reportedDate: iso(i.reportedDate),
    occurredDate: iso(i.occurredDate),
    occurredDateUncertain: i.occurredDateUncertain,
    lastClassId: i.lastClassId,
    severityId: i.severityId,
    summaryText: i.summaryText,
    createUserId: i.createUserId,
    createUserName: createUserName || 'Unknown',
    assignedUserId: i.assignedUserId,
    assignedUserName: i.assignedUserId ? assignedUserName : null,
  }));
}
