import { test } from '@playwright/test';
import { startGateway, type StartedGateway } from './gateway';

/**
 * The specs that run a gateway of their own, each on E2E_PORT + its offset. One list, so no two share a
 * port: Playwright runs two spec files at once, and a second gateway on a taken port fails to listen.
 * The offsets are consecutive, so two runs on one machine whose E2E_PORTs are more than this list's
 * length apart never meet (offsets 100 apart made one run's `toolchain` the `builds` of a run 100 above).
 */
export const OWN_GATEWAY_OFFSETS = {
  'token-refresh': 10_001,
  builds: 10_002,
  toolchain: 10_003,
  'connection-lost': 10_004,
  simulation: 10_005,
  'typing-diagnostics': 10_006,
  'waveform-dense': 10_007,
} as const;

export type OwnGatewaySpec = keyof typeof OWN_GATEWAY_OFFSETS;

export function ownGatewayPort(spec: OwnGatewaySpec): number {
  return Number(process.env.E2E_PORT ?? 18_080) + OWN_GATEWAY_OFFSETS[spec];
}

/** The spec's own gateway, started before its tests and stopped after them; returns its origin. */
export function useOwnGateway(spec: OwnGatewaySpec, env: Record<string, string> = {}): string {
  const port = ownGatewayPort(spec);
  let gateway: StartedGateway | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    gateway = await startGateway(port, env);
  });
  test.afterAll(async () => {
    await gateway?.close();
  });
  return `http://localhost:${port}`;
}
