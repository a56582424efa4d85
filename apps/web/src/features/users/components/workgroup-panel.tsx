import { assignGroupRefusal, changeGroupRefusal, changeUserRefusal } from '@blotter/shared/privilege-grants';
import { hasPrivilege, type PrivilegeHolder } from '@blotter/shared/privileges';
import { type AdminUser, WORKGROUP_HAS_USERS, type Workgroup } from '@blotter/shared/schemas/user-admin';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-error';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteWorkgroup } from '../api/delete-workgroup';
import { useUserPage } from '../api/get-user-page';
import { USERS_PAGE_SIZE, UsersTable } from './users-table';
import { WithReason } from './with-reason';

interface WorkgroupPanelProps {
  group: Workgroup;
  hideInactive: boolean;
  viewer: PrivilegeHolder | null;
  companyMfa: boolean;
  dateFormat: number;
  onAddUser: (group: Workgroup) => void;
  onEditUser: (user: AdminUser) => void;
  onEditGroup: (group: Workgroup) => void;
}

/** Before the session's claims arrive nobody is trusted with anything. */
const NOBODY: PrivilegeHolder = { admin: false, privileges: [] };

/** One workgroup as an expandable card: its users (loaded when opened) and its buttons. */
export function WorkgroupPanel(props: WorkgroupPanelProps) {
  const { group, viewer } = props;
  const [open, setOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteWorkgroup();
  const headerId = `workgroup-${group.id}-header`;
  // Delegated administration: a group above the viewer is shown but not theirs to change.
  const holder = viewer ?? NOBODY;
  const addRefusal = assignGroupRefusal(holder, group);
  const groupRefusal = changeGroupRefusal(holder, group);
  const deleteGroup = () => {
    // The spec's message without a round trip; the server refuses it too.
    if (group.userCount > 0) {
      setConfirmDelete(false);
      toastError(WORKGROUP_HAS_USERS);
      return;
    }
    remove.mutate(group.id, {
      onSuccess: () => {
        toastSuccess(`${group.name} has been deleted.`);
        setConfirmDelete(false);
      },
      onError: (error) => toastError(errorMessage(error)),
    });
  };

  return (
    <Accordion
      expanded={open}
      onChange={(_e, next) => setOpen(next)}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headerId} aria-controls={`workgroup-${group.id}`}>
        {/* The summary is already a heading (MUI wraps it in an h3) holding a button. */}
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {group.name}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ ml: 2 }}>
          {group.isAdmin ? 'Admin · ' : ''}
          {group.userCount === 1 ? '1 user' : `${group.userCount} users`}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          {hasPrivilege(viewer, 'USER_ADD') ? (
            <WithReason reason={addRefusal}>
              <Button
                variant="outlined"
                size="small"
                disabled={addRefusal !== null}
                onClick={() => props.onAddUser(group)}
              >
                Add User
              </Button>
            </WithReason>
          ) : null}
          {hasPrivilege(viewer, 'USERGROUP_EDIT') ? (
            <WithReason reason={groupRefusal}>
              <Button
                variant="outlined"
                size="small"
                disabled={groupRefusal !== null}
                onClick={() => props.onEditGroup(group)}
              >
                Edit Group
              </Button>
            </WithReason>
          ) : null}
          {hasPrivilege(viewer, 'USERGROUP_DELETE') ? (
            <WithReason reason={groupRefusal}>
              <Button
                variant="outlined"
                size="small"
                color="error"
                disabled={groupRefusal !== null}
                onClick={() => setConfirmDelete(true)}
              >
                Delete Group
              </Button>
            </WithReason>
          ) : null}
        </Stack>
        <GroupUsers {...props} />
      </AccordionDetails>
      {confirmDelete ? (
        <ConfirmDialog
          open
          title="Delete workgroup"
          message={`Delete the workgroup ${group.name}?`}
          confirmLabel="Delete"
          destructive
          busy={remove.isPending}
          onConfirm={deleteGroup}
          onCancel={() => setConfirmDelete(false)}
        />
      ) : null}
    </Accordion>
  );
}

/** The group's users table; mounted only while the card is open, so closed cards load nothing. */
function GroupUsers({ group, hideInactive, viewer, companyMfa, dateFormat, onEditUser }: WorkgroupPanelProps) {
  const [page, setPage] = useState(0);
  const { data, isPending, error } = useUserPage({
    groupId: group.id,
    hideInactive,
    page,
    pageSize: USERS_PAGE_SIZE,
  });
  if (error) return <Typography color="error">{errorMessage(error)}</Typography>;
  if (isPending) return <Typography color="text.secondary">Loading users…</Typography>;
  // A page emptied by a change (the last user of the last page deactivated) goes back one.
  if (data.items.length === 0 && page > 0) setPage(page - 1);
  return (
    <UsersTable
      users={data.items}
      total={data.meta.total}
      page={page}
      onPageChange={setPage}
      viewer={viewer}
      refusal={changeUserRefusal(viewer ?? NOBODY, group)}
      companyMfa={companyMfa}
      dateFormat={dateFormat}
      onEdit={onEditUser}
    />
  );
}
