import { spawn } from 'node:child_process';

export interface StartedGateway {
  origin: string;
  close(): Promise<void>;
}

/**
 * Starts a gateway of its own (mock mode unless `env` says otherwise) for tests and benchmarks that
 * need settings the shared e2e gateway does not have: short token lifetimes, other fixtures, slow
 * builds. Resolves once /readyz answers; `close()` stops it with SIGTERM (its graceful shutdown).
 */
export async function startGateway(port: number, env: Record<string, string> = {}): Promise<StartedGateway> {
  const origin = `http://localhost:${port}`;
  const gateway = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      MODE: 'mock',
      MOCK_BUILDS: 'simulated',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const close = () =>
    new Promise<void>((resolve) => {
      if (gateway.exitCode !== null || gateway.signalCode !== null) return resolve();
      gateway.once('exit', () => resolve());
      gateway.kill('SIGTERM');
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gateway.exitCode !== null)
      throw new Error(`the gateway on ${origin} exited (${gateway.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, close };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the gateway on ${origin} did not become ready within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
