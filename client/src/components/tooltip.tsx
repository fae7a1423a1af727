import { useEffect, useRef, useState, type ReactNode } from 'react';

type Placement = 'bottom' | 'right' | 'left';

/**
 * A small visual tooltip shown on hover and keyboard focus. The wrapped control carries the same
 * text as its accessible name (aria-label), so the tooltip itself is hidden from assistive tech.
 * Escape hides it without moving the pointer or the focus (it can cover what is next to it, WCAG
 * 1.4.13); it shows again on the next hover or focus.
 */
export function Tooltip({
  label,
  placement = 'bottom',
  children,
}: {
  label: string;
  placement?: Placement;
  children: ReactNode;
}) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const element = anchor.current;
      if (event.key !== 'Escape' || !element) return;
      if (element.matches(':hover') || element.contains(document.activeElement)) setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <span
      ref={anchor}
      className="tooltip-anchor"
      data-dismissed={dismissed || undefined}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      {children}
      <span className={`tooltip tooltip-${placement}`} aria-hidden="true">
        {label}
      </span>
    </span>
  );
}
