import { lazy, memo, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink } from 'lucide-react';
import { Logo } from '@/components/logo';
import { Tooltip } from '@/components/tooltip';
import { EXTERNAL_LINKS } from '@/lib/external-links';
import { paths } from '@/lib/paths';
import { LEGACY_FIRMWARE_MAX, PRODUCT_NAME, PRODUCT_VERSION } from '@/lib/product';

// The menu's code (Radix's dropdown menu) loads just after the first screen, which it would otherwise
// grow by a fifth; until then the same avatar button stands there, disabled.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

function UserMenuPlaceholder({ initials }: { initials: string }) {
  return (
    <div className="user-menu">
      <button type="button" className="icon-button user-menu-button" aria-label={`Menu, ${initials}`} disabled>
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
      </button>
    </div>
  );
}

interface HeaderProps {
  initials: string;
  onSignOut: () => void;
}

/**
 * The top bar on every screen (spec §1, §2): home logo, title and version, legacy tool, user menu.
 * Memoized: it re-renders when the initials change, not on every change of the sign-in state.
 */
export const Header = memo(function Header({ initials, onSignOut }: HeaderProps) {
  return (
    <header className="top-bar">
      <Tooltip label="Home">
        <Link to={paths.home} className="icon-button home-link" aria-label="Home">
          <Logo size={32} />
        </Link>
      </Tooltip>
      <p className="product-title">
        <span className="product-name">{PRODUCT_NAME}</span> <span className="product-version">v{PRODUCT_VERSION}</span>
      </p>
      <div className="top-bar-end">
        <a className="legacy-link" href={EXTERNAL_LINKS.legacyTool} target="_blank" rel="noopener noreferrer">
          <span className="legacy-link-long">Legacy compile tool (firmware {LEGACY_FIRMWARE_MAX} and older)</span>
          <span className="legacy-link-short" aria-hidden="true">
            Legacy tool
          </span>
          <ExternalLink size={16} aria-hidden="true" />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <Suspense fallback={<UserMenuPlaceholder initials={initials} />}>
          <UserMenu initials={initials} preferencesHref={`#${paths.preferencesFromHeader}`} onSignOut={onSignOut} />
        </Suspense>
      </div>
    </header>
  );
});
