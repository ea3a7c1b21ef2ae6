// The Users screen (/app/users, staff only): everyone who can sign in, with their staff, active
// and 2FA state; staff create users and deactivate, reactivate, make or remove staff and reset
// 2FA from each row. Other users are told the screen is for staff (the API refuses them anyway).
import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { currentUserAtom } from '../../auth/atoms';
import type { User } from '../../auth/user';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormStatus } from '../../components/FormStatus';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { NewUserDialog } from './NewUserDialog';
import type { UserAction } from './userActions';
import { UsersGrid } from './UsersGrid';

type Pending = { user: User; action: UserAction };

export default function UsersScreen() {
  const me = useAtomValue(currentUserAtom);
  return (
    <section className="screen">
      <h1 className="screen__title">Users</h1>
      {me?.is_staff ? <UserDirectory meId={me.id} /> : <p className="screen__detail">Only staff manage users.</p>}
    </section>
  );
}

function UserDirectory({ meId }: { meId: number }) {
  const users = useLoader(() => unwrap(api.GET('/api/users/')), []);
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<{ error?: string; success?: string }>({});
  const { setData } = users;

  const replace = useCallback((saved: User) => setData((all) => all?.map((u) => (u.id === saved.id ? saved : u))), [setData]);

  const perform = useCallback(
    async ({ user, action }: Pending) => {
      setOutcome({});
      try {
        replace(await action.run(user));
        setOutcome({ success: action.done(user) });
      } catch (caught) {
        if (!(caught instanceof ApiError)) throw caught;
        setOutcome({ error: `${action.label} ${user.email}: ${caught.message}` });
      }
    },
    [replace],
  );

  const onAction = useCallback(
    (user: User, action: UserAction) => (action.confirm ? setConfirming({ user, action }) : void perform({ user, action })),
    [perform],
  );

  const created = useCallback(
    (user: User) => {
      setData((all) => [...(all ?? []), user]);
      setOutcome({ success: `Created user ${user.email}.` });
    },
    [setData],
  );

  return (
    <>
      <p className="screen__detail">Everyone who can sign in. Staff own every project and manage users; a deactivated user cannot sign in.</p>
      <div className="card">
        <div className="toolbar">
          <span className="toolbar__spacer" />
          <button type="button" className="button button--primary button--small" onClick={() => setCreating(true)}>
            New user
          </button>
        </div>
        <FormStatus error={outcome.error} success={outcome.success} />
        <LoadState loading={users.loading} error={users.error} hasData={!!users.data}>
          <UsersGrid users={users.data ?? []} meId={meId} onAction={onAction} />
        </LoadState>
      </div>
      {creating && <NewUserDialog onCreated={created} onClose={() => setCreating(false)} />}
      {confirming && (
        <ConfirmDialog
          title={`${confirming.action.label} for ${confirming.user.email}?`}
          confirmLabel={confirming.action.label}
          onConfirm={() => void perform(confirming)}
          onClose={() => setConfirming(null)}
        >
          <p className="muted">{confirming.action.confirm?.(confirming.user)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
