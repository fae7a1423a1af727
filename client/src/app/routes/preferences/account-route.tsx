import { useFusionAuth } from '@fusionauth/react-sdk';
import type { AppUserInfo } from '@/lib/user-info';

/** Placeholder for the account section (its own issue): who is signed in, and the account page link. */
export function AccountRoute() {
  const { userInfo, manageAccount } = useFusionAuth<AppUserInfo>();
  return (
    <section className="page">
      <h1>Account</h1>
      <dl className="details">
        <dt>Name</dt>
        <dd>{userInfo?.name || '—'}</dd>
        <dt>Email</dt>
        <dd>{userInfo?.email || '—'}</dd>
      </dl>
      <button type="button" className="button" onClick={manageAccount}>
        Manage account
      </button>
    </section>
  );
}
