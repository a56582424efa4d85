// @vitest-environment jsdom
import type { Workgroup } from '@blotter/shared/schemas/user-admin';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render';
import { WorkgroupDialog } from './workgroup-dialog';

const clerks: Workgroup = { id: 'g1', name: 'Clerks', isAdmin: false, userPrivileges: ['USER_ADD'], userCount: 2 };
const admin = { admin: true, privileges: [] };

/** Answers PUT and POST /userGroups with the group sent, and keeps each request's method and body. */
function recordSaves() {
  const saves: { method: string; body: unknown }[] = [];
  const answer = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    saves.push({ method: request.method, body });
    return HttpResponse.json({ id: 'g1', userCount: 0, ...body });
  };
  server.use(http.put(api('/userGroups'), answer), http.post(api('/userGroups'), answer));
  return saves;
}

// By its label: a role query computes the name of every one of the dialog's 33 boxes each time.
const box = (label: string) => screen.getByLabelText(label);

describe('WorkgroupDialog (spec 3 §2, §6)', () => {
  it("'Is admin' ticks and locks every privilege, and Save sends the group with its privileges", async () => {
    const saves = recordSaves();
    const onClose = vi.fn();
    const { user } = renderWithApp(<WorkgroupDialog group={clerks} viewer={admin} onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Edit Workgroup Privileges' })).toBeInTheDocument();
    expect(box('Add users')).toBeChecked();
    expect(box('Delete users')).not.toBeChecked();
    expect(box('Delete users')).toBeEnabled();

    await user.click(screen.getByRole('switch', { name: 'Is admin' }));
    expect(box('Delete users')).toBeChecked();
    expect(box('Delete users')).toBeDisabled();
    expect(box('Add users')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves).toEqual([
      { method: 'PUT', body: { id: 'g1', name: 'Clerks', isAdmin: true, userPrivileges: ['USER_ADD'] } },
    ]);
    expect(await screen.findByText('Clerks has been updated.')).toBeInTheDocument();
  });

  it('a non-administrator changes only the privileges they hold, never Is admin', async () => {
    const saves = recordSaves();
    const viewer = { admin: false, privileges: ['USER_ADD', 'USER_EDIT', 'USERGROUP_ADD'] };
    const { user } = renderWithApp(<WorkgroupDialog group={null} viewer={viewer} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Add Workgroup' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Is admin' })).toBeDisabled();
    expect(box('Delete users')).toBeDisabled();
    expect(box('Add users')).toBeEnabled();

    await user.click(box('Add users'));
    await user.click(box('Edit, activate and deactivate users'));
    await user.click(box('Add users'));
    await user.type(screen.getByRole('textbox', { name: /Workgroup name/ }), 'Night shift');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      method: 'POST',
      body: { name: 'Night shift', isAdmin: false, userPrivileges: ['USER_EDIT'] },
    });
  });

  it('sends nothing without a name, and keeps the dialog open with the server message when refused', async () => {
    let calls = 0;
    server.use(
      http.put(api('/userGroups'), () => {
        calls += 1;
        return HttpResponse.json(
          { code: 'FORBIDDEN', message: 'You cannot change a workgroup that has privileges you do not have.' },
          { status: 403 },
        );
      }),
    );
    const onClose = vi.fn();
    const { user } = renderWithApp(<WorkgroupDialog group={clerks} viewer={admin} onClose={onClose} />);
    const name = screen.getByRole('textbox', { name: /Workgroup name/ });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Workgroup name is required')).toBeInTheDocument();
    expect(calls).toBe(0);

    await user.type(name, 'Clerks');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('You cannot change a workgroup that has privileges you do not have.'),
    ).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
