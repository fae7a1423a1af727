import { useId, useState } from 'react';
import { EXTERNAL_LINKS } from '@/lib/external-links';
import { acceptanceCookie, hasAcceptanceCookie } from '../utils/acceptance-cookie';
import './cookie-banner.css';

/**
 * The bottom-centre essential-cookies notice (spec §2, §4): shown on every load until OK sets the
 * flag cookie. It has no close button: OK is the only way to dismiss it.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(() => !hasAcceptanceCookie(document.cookie));
  const headingId = useId();
  if (!visible) return null;

  const accept = () => {
    document.cookie = acceptanceCookie(new URL(window.location.href));
    setVisible(false);
  };

  return (
    <section className="cookie-banner" aria-labelledby={headingId}>
      <h2 id={headingId} className="cookie-banner-title">
        This website uses essential cookies
      </h2>
      <p>
        These cookies support secure and reliable login and cannot be disabled. See our{' '}
        <a href={EXTERNAL_LINKS.privacyPolicy} target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>
        .
      </p>
      <button type="button" className="button button-primary" onClick={accept}>
        OK
      </button>
    </section>
  );
}
