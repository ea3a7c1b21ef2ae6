// What staff can do to a user from the Users screen, one object per command (as Excalidraw's
// actions): when it is offered, how it is labelled, what it asks before, and the call it makes.
// A staff member is never offered deactivating or un-staffing themselves (the API refuses it too).
import { api } from '../../api/client';
import { ifMatch, unwrap } from '../../api/errors';
import type { User } from '../../auth/user';

export type UserAction = {
  key: string;
  label: string;
  danger?: boolean;
  offered: (user: User, meId: number) => boolean;
  /** A question to confirm first, for what cannot simply be undone. */
  confirm?: (user: User) => string;
  /** What the screen says once it is done. */
  done: (user: User) => string;
  run: (user: User) => Promise<User>;
};

type UserChange = { is_active?: boolean; is_staff?: boolean };

/** Changes the user as the screen shows them: refused (412) if someone changed them since. */
const patch = (user: User, body: UserChange) => unwrap(api.PATCH('/api/users/{id}/', { params: { path: { id: user.id }, header: ifMatch(user) }, body }));

export const USER_ACTIONS: readonly UserAction[] = [
  {
    key: 'make-staff',
    label: 'Make staff',
    offered: (user) => !user.is_staff,
    run: (user) => patch(user, { is_staff: true }),
    done: (user) => `${user.email} is now staff.`,
  },
  {
    key: 'remove-staff',
    label: 'Remove staff',
    offered: (user, meId) => user.is_staff && user.id !== meId,
    run: (user) => patch(user, { is_staff: false }),
    done: (user) => `${user.email} is no longer staff.`,
  },
  {
    key: 'reset-otp',
    label: 'Reset 2FA',
    danger: true,
    offered: (user) => user.otp_enabled,
    confirm: (user) => `${user.email} will sign in with their password alone until they set up two-factor authentication again.`,
    run: (user) => unwrap(api.POST('/api/users/{id}/otp/reset/', { params: { path: { id: user.id } } })),
    done: (user) => `Two-factor authentication is off for ${user.email}.`,
  },
  {
    key: 'deactivate',
    label: 'Deactivate',
    danger: true,
    offered: (user, meId) => user.is_active && user.id !== meId,
    run: (user) => patch(user, { is_active: false }),
    done: (user) => `${user.email} is deactivated and can no longer sign in.`,
  },
  {
    key: 'reactivate',
    label: 'Reactivate',
    offered: (user) => !user.is_active,
    run: (user) => patch(user, { is_active: true }),
    done: (user) => `${user.email} can sign in again.`,
  },
];
