import { DATE_FORMAT } from '@blotter/shared/constants';
import { hasAnyPrivilege, hasPrivilege } from '@blotter/shared/privileges';
import type { AdminUser, Workgroup } from '@blotter/shared/schemas/user-admin';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useInitData } from '../../../lib/api/get-init-data';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth/session-context';
import { useUserRemains } from '../api/get-user-remains';
import { useWorkgroups } from '../api/get-workgroups';
import { UserDialog } from './user-dialog';
import { WorkgroupDialog } from './workgroup-dialog';
import { WorkgroupPanel } from './workgroup-panel';

type Editing =
  | { kind: 'group'; group: Workgroup | null }
  | { kind: 'user'; user: AdminUser | null; groupId: string }
  | null;

/** The Workgroups card of /administration (spec 3 §2): each workgroup with its users, and the dialogs. */
export default function WorkgroupsCard() {
  const { claims } = useSession();
  const { data: initData } = useInitData();
  const groups = useWorkgroups();
  const remains = useUserRemains(hasAnyPrivilege(claims, ['USER_ADD', 'USER_EDIT']));
  const [hideInactive, setHideInactive] = useState(true);
  const [editing, setEditing] = useState<Editing>(null);
  const companyMfa = initData?.companySettings.mfa ?? false;
  const dateFormat = initData?.companySettings.dateFormat ?? DATE_FORMAT.DMY;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        {/* The card's title 'Workgroups' is the administration page's section heading. */}
        {remains.data ? (
          <Typography color="text.secondary">
            {remains.data.remains === 1
              ? 'Your subscription allows 1 more active user.'
              : `Your subscription allows ${remains.data.remains} more active users.`}
          </Typography>
        ) : null}
        <FormControlLabel
          sx={{ ml: 'auto' }}
          control={<Switch checked={hideInactive} onChange={(_e, on) => setHideInactive(on)} />}
          label="Inactive user hidden"
        />
        {hasPrivilege(claims, 'USERGROUP_ADD') ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ kind: 'group', group: null })}
          >
            Add Workgroup
          </Button>
        ) : null}
      </Box>
      {groups.error ? <Typography color="error">{errorMessage(groups.error)}</Typography> : null}
      {groups.isPending ? <Typography color="text.secondary">Loading workgroups…</Typography> : null}
      {(groups.data ?? []).map((group) => (
        <WorkgroupPanel
          key={group.id}
          group={group}
          hideInactive={hideInactive}
          viewer={claims ?? null}
          companyMfa={companyMfa}
          dateFormat={dateFormat}
          onAddUser={(g) => setEditing({ kind: 'user', user: null, groupId: g.id })}
          onEditUser={(user) => setEditing({ kind: 'user', user, groupId: user.userGroupId })}
          onEditGroup={(g) => setEditing({ kind: 'group', group: g })}
        />
      ))}
      {editing?.kind === 'group' ? (
        <WorkgroupDialog group={editing.group} viewer={claims ?? null} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'user' ? (
        <UserDialog
          user={editing.user}
          groupId={editing.groupId}
          groups={groups.data ?? []}
          viewer={claims ?? null}
          companyMfa={companyMfa}
          dateFormat={dateFormat}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Box>
  );
}
