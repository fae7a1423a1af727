import { ApiError } from '../errors.js';

export const HOUR_MS = 3_600_000;

/** The times (ms since the epoch, oldest first) within the hour before `now`. */
export function withinLastHour(times: readonly number[], now: number): number[] {
  return times.filter((time) => time > now - HOUR_MS);
}

/**
 * The 429 of a per-user hourly limit (builds, simulations): it names the limit and when the oldest
 * start of the hour leaves it, so a visitor knows how long to wait.
 */
export function hourlyRateError(
  what: { title: string; plural: string },
  limit: number,
  oldest: number,
  now: number,
): ApiError {
  const minutes = Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 60_000));
  return new ApiError(
    429,
    `${what.title} rate limit reached: this demo runs at most ${limit} ${what.plural} per user per hour; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
}
