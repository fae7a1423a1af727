import { formatByteSize, type ByteSizeStyle } from '@cloud-compile/shared';
import { formatDistanceStrict } from 'date-fns';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

/** A build id as users see it: its last 7 characters (spec §9). */
export function shortBuildId(id: string): string {
  return id.slice(-7);
}

/** "8/Apr/2025", the real product's date form (local time). */
export function formatDay(iso: string | Date): string {
  const date = new Date(iso);
  return `${date.getDate()}/${MONTHS[date.getMonth()]}/${date.getFullYear()}`;
}

/** "16/Oct/2025 01:09:15", the real product's "Queued at" form (local time). */
export function formatDateTime(iso: string | Date): string {
  const date = new Date(iso);
  return `${pad(date.getDate())}/${MONTHS[date.getMonth()]}/${date.getFullYear()} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

/** "3 minutes ago", "in 2 days"; `now` is for tests. */
export function formatRelative(iso: string | Date, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Math.abs(now.getTime() - date.getTime()) < 45_000) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true, roundingMethod: 'floor' });
}

/** A duration between two instants as "1h 02m 03s", "4m 05s" or "12s"; null when it has not started. */
export function formatDuration(startIso: string | null, endIso: string | null, now: Date = new Date()): string | null {
  if (!startIso) return null;
  const end = endIso ? new Date(endIso) : now;
  const seconds = Math.max(0, Math.round((end.getTime() - new Date(startIso).getTime()) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/** The app's sizes: one decimal below ten, none above. */
const APP_BYTE_SIZES: ByteSizeStyle = { units: ['B', 'KB', 'MB', 'GB'], digits: (value) => (value < 10 ? 1 : 0) };

/** "1.2 MB", "512 B". */
export function formatBytes(bytes: number): string {
  return formatByteSize(bytes, APP_BYTE_SIZES);
}
