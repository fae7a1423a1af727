import { toast } from 'sonner';
import { errorMessage } from './api/error-message';

/** The detail of a failure toast when the server gave no readable reason (spec §8's cancel text). */
export const UNKNOWN_FAILURE = 'An unknown error occurred.';

export interface ResultToastTexts {
  /** The success toast's title; none: success shows elsewhere (a status that changes). */
  success?: string;
  /** The failure toast's title; its detail is the API's reason, or `fallback`. */
  failure: string;
  fallback?: string;
}

/**
 * Runs `action` and tells its result in a toast: a success toast, or an error toast with the reason.
 * The failure is thrown on, so a confirmation dialog can stay open for a retry (callers that want no
 * error handling catch it).
 */
export async function withResultToast<T>(action: () => Promise<T>, texts: ResultToastTexts): Promise<T> {
  let result: T;
  try {
    result = await action();
  } catch (failure) {
    toast.error(texts.failure, { description: errorMessage(failure, texts.fallback ?? UNKNOWN_FAILURE) });
    throw failure;
  }
  if (texts.success) toast.success(texts.success);
  return result;
}
