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
