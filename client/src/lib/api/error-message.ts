/**
 * Turns an error answer's body into a readable message (spec §7, §8): a FastAPI-style `detail` list
 * becomes its `msg` values joined by "; ", a string `detail` is used as is. Anything else has no
 * message, and the caller shows its own fallback.
 */
export function parseErrorDetail(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return undefined;
  const { detail } = body as { detail: unknown };
  if (typeof detail === 'string') return detail.trim() === '' ? undefined : detail;
  if (Array.isArray(detail)) {
    const messages = detail
      .map((item: unknown) =>
        typeof item === 'object' && item !== null && 'msg' in item ? (item as { msg: unknown }).msg : undefined,
      )
      .filter((msg): msg is string => typeof msg === 'string' && msg !== '');
    return messages.length > 0 ? messages.join('; ') : undefined;
  }
  return undefined;
}

/** A non-OK answer of the compile API, with the readable message of its body when it has one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The parsed `detail`, or undefined when the body carried none. */
    readonly detail: string | undefined,
  ) {
    super(detail ?? `Request failed with status code ${status}`);
    this.name = 'ApiError';
  }
}

/**
 * The message to show for a failed call: the API's own message when it gave one, else the caller's
 * fallback (e.g. "An unknown error occurred.").
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail ?? fallback;
  return fallback;
}

/** The API answered 404: the thing asked for does not exist (or is not the user's). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
