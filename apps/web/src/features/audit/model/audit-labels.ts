import { DATE_FORMAT, MEASUREMENT_TYPE } from '@blotter/shared/constants';
import { AUDIT_MESSAGES, type AuditEntry, type AuditObjectType, type AuditVerify } from '@blotter/shared/schemas/audit';

/** The audit types as the card names them (spec 3 §2: USER_GROUP reads Workgroup). */
export const AUDIT_TYPE_LABELS: Record<AuditObjectType, string> = {
  INCIDENT: 'Incident',
  USER: 'User',
  USER_GROUP: 'Workgroup',
  ACCOUNT: 'Account',
  LOOKUP: 'Lookup',
  AUTHENTICATION: 'Authentication',
  SEARCH: 'Search',
  ANALYZE: 'Analyze',
  REPORT: 'Report',
  SUBSCRIPTION: 'Subscription',
  PAYMENT_METHOD: 'Payment method',
  SUBJECT: 'Subject',
  API_TOKEN: 'API token',
};

export const auditTypeLabel = (type: string) => AUDIT_TYPE_LABELS[type as AuditObjectType] ?? type;

/** The session's transactions as the table shows them: a sign-in (AUTHENTICATION CREATE) reads LOGIN, a sign-out (DELETE) LOGOUT. */
const SESSION_LABELS: Record<string, string> = { CREATE: 'LOGIN', DELETE: 'LOGOUT' };

/** The transaction as the table shows it (a sign-in reads LOGIN, a sign-out LOGOUT). */
export const transactionLabel = (entry: Pick<AuditEntry, 'objectType' | 'transactionType'>) =>
  (entry.objectType === 'AUTHENTICATION' && SESSION_LABELS[entry.transactionType]) || entry.transactionType;

/** Which detail view an entry has; none for sign-ins, reports and incident reads, prints and deletions. */
export type AuditDetailKind = 'incident' | 'fields' | 'search' | 'analyze';

export function detailKindOf(
  entry: Pick<AuditEntry, 'objectType' | 'objectHistoryId' | 'transactionType'>,
): AuditDetailKind | null {
  switch (entry.objectType) {
    case 'INCIDENT':
      return entry.objectHistoryId ? 'incident' : null;
    // A deleted saved search or analysis keeps no criteria.
    case 'SEARCH':
      return entry.transactionType === 'DELETE' ? null : 'search';
    case 'ANALYZE':
      return entry.transactionType === 'DELETE' ? null : 'analyze';
    case 'USER':
    case 'USER_GROUP':
    case 'ACCOUNT':
    case 'LOOKUP':
    case 'SUBSCRIPTION':
    case 'PAYMENT_METHOD':
      return 'fields';
    default:
      return null;
  }
}

export interface DetailField {
  label: string;
  value: string;
}

type Data = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : '');
const measurementLabel = (value: unknown) =>
  value === MEASUREMENT_TYPE.METRIC ? 'Metric' : value === MEASUREMENT_TYPE.US ? 'US' : text(value);
const dateFormatLabel = (value: unknown) =>
  value === DATE_FORMAT.DMY ? 'DD/MM/YYYY' : value === DATE_FORMAT.MDY ? 'MM/DD/YYYY' : text(value);
const list = (value: unknown) => (Array.isArray(value) ? value.map(text).join(', ') : text(value));

/**
 * The general detail view (spec 3 §3 Audit detail views) of a user, workgroup, account, lookup,
 * subscription or payment method entry, from the objectData its writer stored.
 */
export function detailFields(objectType: string, objectData: unknown): DetailField[] {
  const data: Data = objectData && typeof objectData === 'object' ? (objectData as Data) : {};
  switch (objectType) {
    case 'USER':
      return [
        { label: 'First name', value: text(data.firstName) },
        { label: 'Middle name', value: text(data.middleName) },
        { label: 'Last name', value: text(data.lastName) },
        { label: 'Email', value: text(data.email) },
        { label: 'Workgroup', value: text(data.userGroupName) },
      ];
    case 'USER_GROUP':
      return [
        { label: 'Name', value: text(data.name) },
        { label: 'Admin', value: yesNo(data.isAdmin) },
        { label: 'Privileges', value: data.isAdmin === true ? 'All' : list(data.privileges) },
      ];
    case 'ACCOUNT':
      return [
        { label: 'Company name', value: text(data.companyName) },
        { label: 'Measurement type', value: measurementLabel(data.measurementType) },
        { label: 'Date format', value: dateFormatLabel(data.dateFormat) },
      ];
    case 'LOOKUP':
      if (data.address && typeof data.address === 'object') {
        const address = data.address as Data;
        return [
          { label: 'Change', value: text(data.action) },
          {
            label: 'Address',
            value: [address.unit, address.address, address.street, address.cityName]
              .map(text)
              .filter(Boolean)
              .join(', '),
          },
        ];
      }
      return [
        { label: text(data.levelLabel) || 'Name', value: text(data.name) },
        { label: 'Parent', value: text(data.parentName) },
      ];
    case 'SUBSCRIPTION':
      return [
        { label: 'Period', value: text(data.periodType) },
        { label: 'Concurrent users', value: text(data.concurrentUserCount) },
        { label: 'Amount', value: text(data.amount) },
        { label: 'Card last 4', value: text(data.cardLast4) },
      ];
    case 'PAYMENT_METHOD':
      return [
        { label: 'Billing email', value: text(data.billingEmail) },
        { label: 'Valid', value: yesNo(data.valid) },
        { label: 'Error message', value: text(data.errorMessage) },
      ];
    default:
      return [];
  }
}

/** The chain status line: 'Audit log verified', or where the chain breaks. */
export function chainStatusText(result: AuditVerify, formatTime: (iso: string) => string): string {
  if (result.ok || !result.brokenAt) return AUDIT_MESSAGES.verified;
  const { chainSeq, createUserTime, reason } = result.brokenAt;
  const when = createUserTime ? ` (${formatTime(createUserTime)})` : '';
  return reason === 'missing'
    ? `Audit log broken: entry ${chainSeq} is missing.`
    : `Audit log broken at entry ${chainSeq}${when}: it was changed after it was written.`;
}
