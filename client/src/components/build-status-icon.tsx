import { Ban, CircleCheck, CircleDot, CircleX, LoaderCircle } from 'lucide-react';
import type { BuildStatus } from '@/lib/api/schemas';
import './build-status-icon.css';

const LABELS: Record<BuildStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The words for a build status, e.g. "Succeeded". */
export function buildStatusLabel(status: BuildStatus): string {
  return LABELS[status] ?? status;
}

/**
 * A build's status as the real product shows it: green check = succeeded, red cross = failed,
 * yellow dot = in progress (spinning while running), grey = cancelled. Named for screen readers.
 */
export function BuildStatusIcon({ status, size = 18 }: { status: BuildStatus; size?: number }) {
  const common = {
    size,
    role: 'img',
    'aria-label': buildStatusLabel(status),
    className: `build-status build-status-${status}`,
  };
  switch (status) {
    case 'succeeded':
      return <CircleCheck {...common} />;
    case 'failed':
      return <CircleX {...common} />;
    case 'cancelled':
      return <Ban {...common} />;
    case 'running':
      return <LoaderCircle {...common} />;
    default:
      return <CircleDot {...common} />;
  }
}
