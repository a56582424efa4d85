import {
  type CloseBlock,
  type CorrectiveAction,
  displayName,
  formatDateTime,
  htmlToText,
  lookupName,
  REFERRED,
  UNKNOWN,
} from '@blotter/shared';
import type { PrintBlock, PrintField } from '../../platform/pdf';
import { type PrintContext, partyName } from './print-context';

/** Where a REFERRED action sends the matter: 'Internal: <department>' or 'External: <agency>'. */
function referral(action: CorrectiveAction, context: PrintContext): string {
  if (action.referredType === 'INTERNAL') {
    return `Internal: ${lookupName(context.lookups.single.department, action.referredInternalDepartmentId) || UNKNOWN}`;
  }
  if (action.referredType === 'EXTERNAL') {
    return `External: ${lookupName(context.lookups.single.referredAgency, action.referredExternalAgencyId) || UNKNOWN}`;
  }
  return '';
}

/** A corrective action: type, involved persons by name, details; the referral and its contact when REFERRED. */
export function correctiveActionBlock(action: CorrectiveAction, index: number, context: PrintContext): PrintBlock {
  const type = lookupName(context.lookups.single.correctiveActionType, action.typeId);
  const fields: PrintField[] = [
    { label: 'Type', value: type },
    {
      label: 'Involved persons',
      value: action.involvedPersonList.map((id) => partyName(context, id)).join(', '),
    },
    { label: 'Details', value: htmlToText(action.details), paragraph: true },
  ];
  if (action.displayType === REFERRED) {
    fields.push(
      { label: 'Referred to', value: referral(action, context) },
      {
        label: 'Contact',
        value: displayName(
          action.referredContactFirstName,
          action.referredContactMiddleName,
          action.referredContactLastName,
        ),
      },
      { label: 'Contact alias', value: action.referredContactAlias },
      { label: 'Contact position', value: action.referredContactPosition },
      { label: 'Contact email', value: action.referredContactEmail },
      { label: 'Contact phone', value: action.referredContactPhone },
      { label: 'Contact mobile phone', value: action.referredContactMobilePhone },
    );
  }
  return { heading: `Corrective action ${index + 1}${type && type !== UNKNOWN ? `: ${type}` : ''}`, fields };
}

/** The close block of a closed incident: who closed it (the user, or the person named), when, and why. */
export function closeBlock(close: CloseBlock, context: PrintContext): PrintBlock {
  const byOther = close.closedBy === 'OTHER';
  const fields: PrintField[] = [
    {
      label: 'Closed by',
      value: byOther
        ? displayName(close.closeFirstName, close.closeMiddleName, close.closeLastName)
        : displayName(close.closeUserName),
    },
    {
      label: 'Date closed',
      value: formatDateTime(close.closeDate, context.clock.dateFormat, context.clock.timezoneOffset),
    },
  ];
  if (byOther) {
    fields.push(
      { label: 'Alias', value: close.closeAlias },
      { label: 'Position', value: close.closePosition },
      { label: 'Department', value: close.closeDepartment },
      { label: 'Email', value: close.closeEmail },
      { label: 'Phone', value: close.closePhone },
      { label: 'Mobile phone', value: close.closeMobilePhone },
    );
  }
  fields.push({
    label: 'Comments',
    value: close.closeCommentsText || htmlToText(close.closeComments),
    paragraph: true,
  });
  return { fields };
}
