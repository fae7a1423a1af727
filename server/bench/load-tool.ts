import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.js';
import { endedChildrenCpuSeconds, treeCpuSeconds } from './cpu-time.js';

/** One load run's figures. */
export interface Measured {
  requests: number;
  rps: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  /** Connect, read, write errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Answers with a status of 400 or more. */
  non2xx: number;
  /**
   * CPU microseconds per answered request of each watched process (with its descendants) and of the
   * load generator (`load`), where /proc tells them.
   */
  cpuUs?: Record<string, number>;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
  /** Requests per second offered in all (see RunOptions.rate); unset, as many as are answered. */
  rate?: number;
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its version and exits 1; only a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

const useWrk = hasWrk();

/**
 * The load generator in use: wrk (one thread, C) or autocannon. On a 2-core machine the generator
 * shares the cores with what it measures: autocannon needs several times wrk's CPU per request.
 */
export const loadTool = () => (useWrk ? 'wrk -t1' : 'autocannon');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}: ${errors.slice(0, 300)}`)),
    );
  });
}

export interface RunOptions {
  connections: number;
  durationS: number;
  /** A request unanswered this long counts as a timeout (and an error). */
  timeoutS?: number;
  /**
   * Requests per second offered in all, below what the server can answer: its latency is then its own
   * time per request, not the queue a saturating load builds (where p50 only follows throughput).
   * wrk paces each connection with random pauses (peers/wrk-json.lua), so the rate reached is a little
   * lower; autocannon holds it (but reports whole milliseconds).
   */
  rate?: number;
}

/** One load run with the tool in use. */
export async function loadRun(url: string, headers: Record<string, string>, options: RunOptions): Promise<Measured> {
  const { connections, durationS, timeoutS = 10, rate } = options;
  if (useWrk) {
    const script = path.join(REPO_ROOT, 'server/bench/peers/wrk-json.lua');
    const args = ['-t1', `-c${connections}`, `-d${durationS}s`, `--timeout`, `${timeoutS}s`, '-s', script];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    // A connection's mean cycle is connections / rate seconds: its pause is that (the answer's time is small).
    const pacing = rate === undefined ? {} : { WRK_MEAN_DELAY_MS: String((connections * 1000) / rate) };
    const output = await run('wrk', [...args, url], { ...process.env, ...pacing });
    const line = output.split('\n').find((candidate) => candidate.startsWith('{"requests"'));
    if (!line) throw new Error(`no summary from wrk: ${output.slice(0, 300)}`);
    const r = JSON.parse(line) as Record<string, number>;
    return {
      requests: r.requests!,
      rps: r.requests! / (r.duration_us! / 1e6),
      p50Us: r.p50_us!,
      p99Us: r.p99_us!,
      maxUs: r.max_us!,
      errors: r.socket_errors!,
      timeouts: r.timeouts!,
      non2xx: r.non2xx!,
    };
  }
  const autocannon = path.join(REPO_ROOT, 'node_modules/autocannon/autocannon.js');
  const args = [autocannon, '-c', String(connections), '-d', String(durationS), '-t', String(timeoutS), '-j'];
  if (rate !== undefined) args.push('-R', String(rate));
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const r = JSON.parse(await run(process.execPath, [...args, url])) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50Us: r.latency.p50 * 1000,
    p99Us: r.latency.p99 * 1000,
    maxUs: r.latency.max * 1000,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

/**
 * A warm-up run (JIT, connection pools), then the measured one; with `watched` (a name per process
 * id), the CPU time each of those and the load generator spent per request in the measured run.
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  options: LoadOptions,
  watched: Record<string, number> = {},
): Promise<Measured> {
  const check = await fetch(url, { headers });
  await check.arrayBuffer();
  if (!check.ok) throw new Error(`${url} answered ${check.status}`);
  if (options.warmupS > 0) await loadRun(url, headers, { ...options, durationS: options.warmupS });
  const cpuNow = (): Record<string, number | undefined> => ({
    load: endedChildrenCpuSeconds(),
    ...Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, treeCpuSeconds(pid)])),
  });
  const before = cpuNow();
  const measured = await loadRun(url, headers, options);
  const after = cpuNow();
  const cpuUs: Record<string, number> = {};
  for (const [name, start] of Object.entries(before)) {
    const end = after[name];
    if (start !== undefined && end !== undefined && measured.requests > 0)
      cpuUs[name] = ((end - start) * 1e6) / measured.requests;
  }
  return Object.keys(cpuUs).length > 0 ? { ...measured, cpuUs } : measured;
}
