import { Link } from 'react-router-dom';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { paths } from '@/lib/paths';
import { TOS_UNACCEPTED, type AppUserInfo } from '@/lib/user-info';
import { AnonymousOnly } from '../guards/anonymous-only';
import { AppLayout } from '../layouts/app-layout';

function NotFound() {
  const { startLogin, startRegister } = useFusionAuth();
  return (
    <section className="page not-found">
      <h1>404</h1>
      <p>This page does not exist.</p>
      <p>
        <Link to={paths.projects}>Go to your projects</Link>
      </p>
      <AnonymousOnly>
        <p>
          <button type="button" className="button" onClick={() => startLogin(`#${paths.projects}`)}>
            Sign in
          </button>{' '}
          <button type="button" className="button" onClick={() => startRegister(`#${paths.projects}`)}>
            Create an account
          </button>
        </p>
      </AnonymousOnly>
    </section>
  );
}

/** The only public route (spec §2): the full shell for a user who may use the app, else only the top bar. */
export function NotFoundRoute() {
  const { isLoggedIn, userInfo } = useFusionAuth<AppUserInfo>();
  const fullShell = isLoggedIn && userInfo !== null && userInfo.tos_state !== TOS_UNACCEPTED;
  return (
    <AppLayout withNav={fullShell}>
      <NotFound />
    </AppLayout>
  );
}
