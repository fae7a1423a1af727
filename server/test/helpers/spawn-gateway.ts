import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config.js';

/** The gateway as production runs it (`npm start`'s command), in its own process. */
export interface GatewayProcess {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Resolves with the first stdout line matching `pattern`; rejects if the process ends first. */
  waitForLine: (pattern: RegExp) => Promise<string>;
}

/** How the gateway is started: from TypeScript through tsx (`npm start`), or compiled (the production image). */
const ENTRY = {
  source: ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/server.ts')],
  compiled: [path.join(REPO_ROOT, 'server/dist/server.js')],
};

export function spawnGateway(env: Record<string, string>, entry: keyof typeof ENTRY = 'source'): GatewayProcess {
  // Only what node needs from the parent: the test's own configuration must not leak in.
  const child = spawn(process.execPath, ENTRY[entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const waitForLine = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = stdout.split('\n').find((candidate) => pattern.test(candidate));
        if (line === undefined) return false;
        child.stdout.off('data', check);
        resolve(line);
        return true;
      };
      if (check()) return;
      child.stdout.on('data', check);
      void exited.then((code) =>
        reject(
          new Error(`gateway exited (${code}) before printing ${pattern}\nstdout:\n${stdout}\nstderr:\n${stderr}`),
        ),
      );
    });
  return { child, stdout: () => stdout, stderr: () => stderr, exited, waitForLine };
}

/** The port from Fastify's "Server listening at http://127.0.0.1:PORT" log line. */
export async function listeningPort(gateway: GatewayProcess): Promise<number> {
  const line = await gateway.waitForLine(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
  const port = /127\.0\.0\.1:(\d+)/.exec(line)?.[1];
  if (!port) throw new Error(`no port in ${line}`);
  return Number(port);
}
