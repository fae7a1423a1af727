import { Link } from 'react-router-dom';
import { ExternalLink } from 'lucide-react';
import { Logo } from '@/components/logo';
import { Tooltip } from '@/components/tooltip';
import { EXTERNAL_LINKS } from '@/lib/external-links';
import { paths } from '@/lib/paths';
import { LEGACY_FIRMWARE_MAX, PRODUCT_NAME, PRODUCT_VERSION } from '@/lib/product';
import { UserMenu } from './user-menu';

interface HeaderProps {
  initials: string;
  onSignOut: () => void;
}

/** The top bar on every screen (spec §1, §2): home logo, title and version, legacy tool, user menu. */
export function Header({ initials, onSignOut }: HeaderProps) {
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
        <UserMenu initials={initials} preferencesHref={`#${paths.preferencesFromHeader}`} onSignOut={onSignOut} />
      </div>
    </header>
  );
}
