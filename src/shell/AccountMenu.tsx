// The account menu behind the avatar (SPEC section 2): 'My account' goes to /app/account,
// 'Logout' revokes the refresh token, signs out and goes to /.
import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { currentUserAtom, sessionAtom, signOutAtom } from '../auth/atoms';
import { displayName, initialsOf } from '../auth/user';

export function AccountMenu() {
  const user = useAtomValue(currentUserAtom);
  const session = useAtomValue(sessionAtom);
  const signOut = useSetAtom(signOutAtom);
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  function choose(path: string) {
    setOpen(false);
    navigate(path);
  }

  async function logout() {
    setOpen(false);
    const refresh = session.refresh?.token;
    try {
      await unwrap(api.POST('/api/auth/logout/', { body: refresh ? { refresh } : {} }));
    } catch (error) {
      // Signing out locally must not depend on the server being reachable.
      console.error('Logout call failed:', error);
    }
    signOut();
    navigate('/');
  }

  return (
    <div className="account-menu" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="avatar"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        title={user ? displayName(user) : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {user ? initialsOf(user) : '?'}
      </button>
      {open && (
        <div className="menu" role="menu" aria-label="Account">
          {user && (
            <p className="menu__caption" aria-hidden="true">
              {user.email}
            </p>
          )}
          <button type="button" role="menuitem" className="menu__item" onClick={() => choose('/app/account')}>
            My account
          </button>
          <button type="button" role="menuitem" className="menu__item" onClick={logout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
