import { INCIDENT_STATUS } from '@blotter/shared/constants';
import { type IncidentRuleTarget, type IncidentRuleUser, incidentActions } from '@blotter/shared/incident-rules';
import { hasAnyPrivilege, hasPrivilege, type PrivilegeHolder } from '@blotter/shared/privileges';

/** The buttons of one row of the results list. */
export interface ResultRowButtons {
  /** Edit for a non-closed incident the user may edit; View otherwise (spec 1 §2 results list). */
  open: 'edit' | 'view';
  delete: boolean;
  reopen: boolean;
}

/** Which buttons a row shows; `delete` and `reopen` also need the list to handle them. */
export function resultRowButtons(
  user: IncidentRuleUser,
  row: IncidentRuleTarget,
  handles: { delete: boolean; reopen: boolean },
): ResultRowButtons {
  const actions = incidentActions(user, row);
  return {
    open: actions.edit ? 'edit' : 'view',
    delete: handles.delete && actions.delete,
    reopen: handles.reopen && actions.reopen,
  };
}

/**
 * The edit and delete buttons of a draft row (spec 1 §6: MYINCIDENT_EDIT or ALLINCIDENT_EDIT).
 * A plain draft (status 0) is also continued or thrown away with MYINCIDENT_ADD: whoever may
 * create drafts must be able to finish them, and the server saves status-0 drafts with that
 * privilege alone.
 */
export function canWorkOnDraft(user: PrivilegeHolder, draft: { status: number }): boolean {
  if (hasAnyPrivilege(user, ['MYINCIDENT_EDIT', 'ALLINCIDENT_EDIT'])) return true;
  return draft.status === INCIDENT_STATUS.DRAFT && hasPrivilege(user, 'MYINCIDENT_ADD');
}
