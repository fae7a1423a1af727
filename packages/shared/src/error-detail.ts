/**
 * Turns an error answer's body into a readable message (spec §7, §8): a FastAPI-style `detail` list
 * becomes its `msg` values joined by "; ", a string `detail` is used as is. Anything else has no
 * message, and the caller shows its own fallback. The app (client/src/lib/api/error-message.ts) and the
 * command (cli/src/api/failures.ts) both word a refusal with it.
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
