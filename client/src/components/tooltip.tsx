import type { ReactNode } from 'react';

type Placement = 'bottom' | 'right' | 'left';

/**
 * A small visual tooltip shown on hover and keyboard focus. The wrapped control carries the same
 * text as its accessible name (aria-label), so the tooltip itself is hidden from assistive tech.
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
  return (
    <span className="tooltip-anchor">
      {children}
      <span className={`tooltip tooltip-${placement}`} aria-hidden="true">
        {label}
      </span>
    </span>
  );
}
