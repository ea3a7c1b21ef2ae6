// The account screen (/app/account): the signed-in user's name, password and two-factor
// authentication. The user record is fetched fresh on opening and kept in the session.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { currentUserAtom, replaceUserAtom } from '../../auth/atoms';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { TwoFactorSection } from './TwoFactorSection';

export default function AccountScreen() {
  const user = useAtomValue(currentUserAtom);
  const replaceUser = useSetAtom(replaceUserAtom);

  useEffect(() => {
    unwrap(api.GET('/api/auth/user/')).then(replaceUser, (error: unknown) => console.error('Could not load the account:', error));
  }, [replaceUser]);

  if (!user) return null;
  return (
    <section className="screen screen--narrow">
      <h1 className="screen__title">My account</h1>
      <p className="screen__detail">Signed in as {user.email}</p>
      <ProfileForm user={user} onSaved={replaceUser} />
      <PasswordForm />
      <TwoFactorSection user={user} onChanged={replaceUser} />
    </section>
  );
}
