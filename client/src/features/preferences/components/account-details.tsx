import { useFusionAuth } from '@fusionauth/react-sdk';
import { ExternalLink, LogOut } from 'lucide-react';
import { Spinner } from '@/components/spinner';
import type { AppUserInfo } from '@/lib/user-info';
import './preferences.css';

/**
 * Account preferences: who is signed in (name, email, roles, accepted terms version), a link to the
 * identity provider's account page, and Sign out.
 */
export function AccountDetails() {
  const { userInfo, isFetchingUserInfo, manageAccount, startLogout } = useFusionAuth<AppUserInfo>();
  const roles = userInfo?.roles ?? [];
  const accepted = userInfo?.tos_accepted_version;

  return (
    <section className="page preferences-page" aria-labelledby="account-heading">
      <h1 id="account-heading">Account</h1>
      {!userInfo && isFetchingUserInfo ? (
        <Spinner label="Loading account" />
      ) : (
        <dl className="details account-details">
          <dt>Name</dt>
          <dd>{userInfo?.name || '—'}</dd>
          <dt>Email</dt>
          <dd>{userInfo?.email || '—'}</dd>
          <dt>Roles</dt>
          <dd>
            {roles.length > 0 ? (
              <ul className="role-list">
                {roles.map((role) => (
                  <li key={role} className="role-tag">
                    {role}
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            )}
          </dd>
          <dt>Accepted terms version</dt>
          <dd>{accepted ? `Version ${accepted}` : 'Not accepted'}</dd>
        </dl>
      )}
      <p className="preferences-hint">
        Change your name, email or password on your account page at the identity provider.
      </p>
      <div className="preferences-actions">
        <button type="button" className="button" onClick={() => manageAccount()}>
          <ExternalLink size={18} aria-hidden="true" />
          Manage account
        </button>
        <button type="button" className="button" onClick={() => startLogout()}>
          <LogOut size={18} aria-hidden="true" />
          Sign out
        </button>
      </div>
    </section>
  );
}
