import { SESSION } from '@blotter/shared/constants';
import { formatCalendarDate } from '@blotter/shared/presentation';
import { hasAnyPrivilege, hasPrivilege, type PrivilegeHolder } from '@blotter/shared/privileges';
import { type AdminUser, EMAIL_VERIFICATION_IS_SENT } from '@blotter/shared/schemas/user-admin';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth/session-context';
import { toastError, toastSuccess } from '../../../lib/toast';
import { type UserAction, useSendUserEmailVerification, useUserAction } from '../api/user-actions';

const PAGE_SIZE = 10;
const STATUS_LABELS: Record<number, string> = { 0: 'Pending', 1: 'Active', 2: 'Inactive' };

const CONFIRM: Record<UserAction, { title: string; question: string; button: string }> = {
  deactivate: {
    title: 'Deactivate user',
    question: `Deactivate {name}? They are signed out within ${SESSION.statusCheckSeconds} seconds, wherever they are signed in.`,
    button: 'Deactivate',
  },
  activate: { title: 'Activate user', question: 'Activate {name}? They can sign in again.', button: 'Activate' },
  delete: { title: 'Delete user', question: 'Delete {name}? Their incidents keep their name.', button: 'Delete' },
};

const fullName = (user: AdminUser) => [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');

interface UsersTableProps {
  users: readonly AdminUser[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  viewer: PrivilegeHolder | null;
  /** Why the viewer may not act on this group's users (a group above them), or null. */
  refusal: string | null;
  companyMfa: boolean;
  dateFormat: number;
  onEdit: (user: AdminUser) => void;
}

/** A workgroup's users (spec 3 §2), one server page at a time, with their actions. */
export function UsersTable({
  users,
  total,
  page,
  onPageChange,
  viewer,
  refusal,
  companyMfa,
  dateFormat,
  onEdit,
}: UsersTableProps) {
  const [confirming, setConfirming] = useState<{ action: UserAction; user: AdminUser } | null>(null);
  const act = useUserAction();
  // Nobody deactivates or deletes themselves (the server refuses it too).
  const myId = useSession().claims?.userId;
  const resend = useSendUserEmailVerification();
  const canEdit = hasPrivilege(viewer, 'USER_EDIT');
  const canDelete = hasPrivilege(viewer, 'USER_DELETE');
  const canResend = hasAnyPrivilege(viewer, ['USER_ADD', 'USER_EDIT']);

  const confirm = () => {
    if (!confirming) return;
    act.mutate(
      { action: confirming.action, id: confirming.user.id },
      {
        onSuccess: () => {
          toastSuccess(`${fullName(confirming.user)} has been updated.`);
          setConfirming(null);
        },
        onError: (error) => toastError(errorMessage(error)),
      },
    );
  };
  const sendLink = (user: AdminUser) =>
    resend.mutate(user.id, {
      onSuccess: () => toastSuccess(EMAIL_VERIFICATION_IS_SENT),
      onError: (error) => toastError(errorMessage(error)),
    });
  // A user above the viewer keeps their buttons, disabled, with the reason in place of the name.
  const action = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={refusal ?? label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled || refusal !== null}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <>
      <Table size="small" aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Position</TableCell>
            <TableCell>Start date</TableCell>
            <TableCell>Status</TableCell>
            {companyMfa ? <TableCell>MFA</TableCell> : null}
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.length === 0 ? (
            <TableRow>
              <TableCell colSpan={companyMfa ? 7 : 6}>No users in this workgroup.</TableCell>
            </TableRow>
          ) : null}
          {users.map((user) => {
            const name = fullName(user);
            const self = user.id === myId;
            return (
              <TableRow key={user.id}>
                <TableCell>{name}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>{user.position}</TableCell>
                <TableCell>{formatCalendarDate(user.companyStartDate, dateFormat)}</TableCell>
                <TableCell>{STATUS_LABELS[user.status] ?? 'Unknown'}</TableCell>
                {companyMfa ? <TableCell>{user.mfa ? 'On' : 'Off'}</TableCell> : null}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {canEdit ? action(`Edit ${name}`, <EditOutlinedIcon fontSize="small" />, () => onEdit(user)) : null}
                  {canEdit && user.status === 1 && !self
                    ? action(`Deactivate ${name}`, <BlockIcon fontSize="small" />, () =>
                        setConfirming({ action: 'deactivate', user }),
                      )
                    : null}
                  {canEdit && user.status === 2
                    ? action(`Activate ${name}`, <CheckCircleOutlineIcon fontSize="small" />, () =>
                        setConfirming({ action: 'activate', user }),
                      )
                    : null}
                  {canResend
                    ? action(
                        `Resend email verification to ${name}`,
                        <ForwardToInboxOutlinedIcon fontSize="small" />,
                        () => sendLink(user),
                        user.status !== 0 || resend.isPending,
                      )
                    : null}
                  {canDelete && !self
                    ? action(`Delete ${name}`, <DeleteOutlineIcon fontSize="small" />, () =>
                        setConfirming({ action: 'delete', user }),
                      )
                    : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
        onPageChange={(_event, next) => onPageChange(next)}
      />
      {confirming ? (
        <ConfirmDialog
          open
          title={CONFIRM[confirming.action].title}
          message={CONFIRM[confirming.action].question.replace('{name}', fullName(confirming.user))}
          confirmLabel={CONFIRM[confirming.action].button}
          destructive={confirming.action !== 'activate'}
          busy={act.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}

export const USERS_PAGE_SIZE = PAGE_SIZE;
