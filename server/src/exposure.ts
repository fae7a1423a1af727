import { isLoopbackHost, type AppConfig } from './config.js';

/**
 * What the start-up log must say plainly when the mock, which signs anyone in without a password, is
 * reachable from other machines. Undefined in proxy mode and on a loopback HOST.
 */
export function openMockWarning(config: AppConfig): string | undefined {
  if (config.mode !== 'mock' || isLoopbackHost(config.host)) return undefined;
  const sandboxes =
    config.mock.sandbox === 'session'
      ? 'Each sign-in gets its own sandbox (MOCK_SANDBOX=session), so visitors do not see or change each other’s data.'
      : 'MOCK_SANDBOX=user: everyone who signs in as the same user shares, and can change or delete, that user’s data.';
  return (
    `Mock mode is listening on ${config.host}:${config.port}, not only on this machine: ANYONE WHO CAN REACH THIS PORT CAN SIGN IN ` +
    `as any user, without a password. ${sandboxes} Use HOST=127.0.0.1 to keep it private.`
  );
}

/**
 * What the start-up log says when proxy mode reaches an upstream on another machine over plain http:
 * the access-token cookie, API keys and sign-in forms then cross that network unencrypted, and nothing
 * proves the answer came from the upstream. An upstream on this machine (loopback) is not named.
 */
export function plainHttpUpstreamsWarning(config: AppConfig): string | undefined {
  if (config.mode !== 'proxy') return undefined;
  const upstreams = { API_UPSTREAM: config.proxy.apiUpstream, AUTH_UPSTREAM: config.proxy.authUpstream };
  const plain = Object.entries(upstreams).filter(([, url]) => {
    if (!url) return false;
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' && !isLoopbackHost(hostname);
  });
  if (plain.length === 0) return undefined;
  const named = plain.map(([name, url]) => `${name} (${url})`).join(' and ');
  return (
    `${named} ${plain.length > 1 ? 'are' : 'is'} plain http: access tokens, API keys and sign-in forms cross the ` +
    'network unencrypted, and no certificate proves who answers. Use https:// (UPSTREAM_CA_FILE for a private CA), ' +
    'or keep the upstream on a network only the gateway can reach.'
  );
}
