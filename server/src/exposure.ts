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
