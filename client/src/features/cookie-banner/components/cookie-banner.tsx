import { useId, useLayoutEffect, useRef, useState } from 'react';
import { EXTERNAL_LINKS } from '@/lib/external-links';
import { acceptanceCookie, hasAcceptanceCookie } from '../utils/acceptance-cookie';
import './cookie-banner.css';

/**
 * The bottom-centre essential-cookies notice (spec §2, §4): shown on every load until OK sets the
 * flag cookie. It has no close button: OK is the only way to dismiss it. While it shows, the page ends
 * above it rather than under it.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(() => !hasAcceptanceCookie(document.cookie));
  const headingId = useId();
  const banner = useRef<HTMLElement>(null);
  /** What had the focus before it came into the banner: it gets it back after OK. */
  const focusedBefore = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => reserveSpaceBelowPage(banner.current), [visible]);
  if (!visible) return null;

  const accept = () => {
    document.cookie = acceptanceCookie(new URL(window.location.href));
    setVisible(false);
    const before = focusedBefore.current;
    // The banner and its OK are gone: focus goes back where it came from, not to the page's start.
    if (before?.isConnected) requestAnimationFrame(() => before.focus());
  };

  return (
    <section
      ref={banner}
      className="cookie-banner"
      aria-labelledby={headingId}
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) focusedBefore.current = from;
      }}
    >
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

/**
 * While the banner shows, the page ends above it (`--cookie-banner-space`, used by #root's height), so
 * it covers no control: on a phone it would otherwise hide the nav bar's last links, the editor's Build
 * Logs bar and the focus on them (WCAG 2.4.11), and it can only be closed with OK. Returns the undo.
 */
function reserveSpaceBelowPage(banner: HTMLElement | null): (() => void) | undefined {
  if (!banner) return undefined;
  const root = document.documentElement;
  const reserve = () => {
    const { top } = banner.getBoundingClientRect();
    root.style.setProperty('--cookie-banner-space', `${Math.max(0, window.innerHeight - top) + 8}px`);
  };
  reserve();
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reserve);
  observer?.observe(banner);
  window.addEventListener('resize', reserve);
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', reserve);
    root.style.removeProperty('--cookie-banner-space');
  };
}
