/**
 * The X-Forwarded-* headers FusionAuth needs to build redirects to the public origin: the origin
 * users reach (PUBLIC_URL), and the client address appended to any chain already present.
 */
export function forwardedHeaders(
  previousFor: string | string[] | undefined,
  clientAddress: string | undefined,
  publicUrl: URL,
): Record<string, string> {
  const chain = [previousFor, clientAddress].flat().filter(Boolean).join(', ');
  const port = publicUrl.port || (publicUrl.protocol === 'https:' ? '443' : '80');
  return {
    'x-forwarded-proto': publicUrl.protocol.replace(':', ''),
    'x-forwarded-host': publicUrl.host,
    'x-forwarded-port': port,
    'x-forwarded-for': chain,
  };
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** Maps a failed upstream call to the gateway's answer: 504 when it was too slow, else 502. */
export function upstreamFailure(
  error: unknown,
  upstreamName: string,
  timeoutMs: number,
): { status: 502 | 504; detail: string } {
  const codes = codesOf(error);
  if (codes.some((code) => TIMEOUT_CODES.has(code)) || (error as { statusCode?: number }).statusCode === 504) {
    return { status: 504, detail: `The ${upstreamName} did not answer within ${timeoutMs} ms` };
  }
  return { status: 502, detail: `The ${upstreamName} could not be reached` };
}
