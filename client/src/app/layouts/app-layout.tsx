import { Suspense, type ReactNode } from 'react';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { ConnectionNotice } from '@/components/connection-notice';
import { Spinner } from '@/components/spinner';
import { avatarInitials } from '@/features/auth/utils/initials';
import { Header } from '@/app/layouts/header/header';
import { NavBar } from '@/app/layouts/nav-bar/nav-bar';
import { BottomPanelSlot } from '@/lib/bottom-panel';
import type { AppUserInfo } from '@/lib/user-info';

/**
 * The full shell of spec §2: top bar, nav bar, routed view and the bottom panel. Without `withNav`
 * (a visitor on the public 404 page) only the top bar frames the view.
 */
export function AppLayout({ children, withNav = true }: { children: ReactNode; withNav?: boolean }) {
  const { isLoggedIn, userInfo, startLogout } = useFusionAuth<AppUserInfo>();
  return (
    <div className="app-layout">
      <a
        className="skip-link"
        href="#main-content"
        onClick={(event) => {
          // Hash routing owns the fragment: move focus instead of navigating.
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      <Header initials={avatarInitials(isLoggedIn, userInfo)} onSignOut={startLogout} />
      <div className="app-body">
        {withNav && <NavBar />}
        <div className="app-column">
          <ConnectionNotice />
          <main id="main-content" className="app-view" tabIndex={-1}>
            <Suspense fallback={<Spinner label="Loading page" />}>{children}</Suspense>
          </main>
          {withNav && <BottomPanelSlot className="bottom-panel" />}
        </div>
      </div>
    </div>
  );
}
