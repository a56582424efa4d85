import { INCIDENT_STATUS, type SavedSearchCreate, type SearchCriteriaInput } from '@blotter/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';

/** Test data of the saved search tests. Not used by the running server. */

export const OPEN_CRITERIA = {
  status: { values: [{ id: 'status-open', status: INCIDENT_STATUS.OPEN }] },
} satisfies SearchCriteriaInput;

/** Two groups, one AND, with fields left to the schema's defaults (relations, logicalOperation). */
export const PERSON_CRITERIA = {
  person: { logicalOperation: 'AND', values: [{ id: 'person-1', lastName: '  Tran ' }] },
  status: { values: [{ id: 'status-closed', status: INCIDENT_STATUS.CLOSED }] },
} satisfies SearchCriteriaInput;

/** PERSON_CRITERIA as the shared schema reads it (trimmed, defaults filled in). */
export const PERSON_CRITERIA_STORED = {
  person: {
    logicalOperation: 'AND',
    values: [
      {
        id: 'person-1',
        firstName: '',
        middleName: '',
        lastName: 'Tran',
        hasPerson: false,
        isEmployee: false,
        relations: [],
      },
    ],
  },
  status: { logicalOperation: 'OR', values: [{ id: 'status-closed', status: INCIDENT_STATUS.CLOSED }] },
};

export const saveBody = (overrides: Partial<SavedSearchCreate> = {}): SavedSearchCreate => ({
  name: 'Open incidents',
  criteria: OPEN_CRITERIA,
  ...overrides,
});

/** The audit entries of one saved search (objectId), oldest first, read past row-level security. */
export function auditRowsOfSaved(t: TestContext, objectType: 'SEARCH' | 'REPORT', objectId: string) {
  return t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, objectType), eq(auditEntries.objectId, objectId)))
      .orderBy(asc(auditEntries.createdAt)),
  );
}
