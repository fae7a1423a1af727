import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../../src/config.js';

/** A server taking part in the benchmark, in its own process. */
export interface Peer {
  url: string;
  /** Its process (with its descendants: a cluster's workers, nginx's worker), for its CPU time. */
  pid?: number;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();

/** A port `port` (0: any the system gives) that nothing listens on now, or undefined when it is taken. */
async function listenable(port: number): Promise<number | undefined> {
  const server = net.createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (!listening) return undefined;
  const { port: bound } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return bound;
}

/**
 * BENCH_PORTS (`20600-20699`): the range the benchmarks' servers listen in, so that several people's
 * runs on one machine keep to ports of their own; unset, any free port the system gives.
 */
function portRange(): [number, number] | undefined {
  const setting = process.env.BENCH_PORTS;
  if (!setting) return undefined;
  const match = /^(\d+)-(\d+)$/.exec(setting.trim());
  const [low, high] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(low >= 1024 && high <= 65535 && low <= high))
    throw new Error(`BENCH_PORTS must be a range such as 20600-20699 (1024–65535), not "${setting}"`);
  return [low, high];
}

let nextInRange: number | undefined;

/** A port for the next server: the next free one of BENCH_PORTS, in turn, or one the system gives. */
export async function freePort(): Promise<number> {
  const range = portRange();
  if (!range) return (await listenable(0))!;
  const [low, high] = range;
  for (let tried = 0; tried <= high - low; tried++) {
    const port = nextInRange === undefined || nextInRange > high ? low : nextInRange;
    nextInRange = port + 1;
    if ((await listenable(port)) !== undefined) return port;
  }
  throw new Error(`no free port in BENCH_PORTS ${low}-${high}`);
}

function stopper(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  return () =>
    new Promise<void>((resolve) => {
      running.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill(signal);
    });
}

/** Resolves once GET `url` answers (any status below 500), or fails when the process ends or 60 s pass. */
async function ready(child: ChildProcess, url: string, what: string, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${output().slice(-400)}`);
    try {
      const response = await fetch(url, { headers: { cookie: 'app.at=bench' } });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${what} not ready after 60 s`);
}

function launch(
  command: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    // stdout (a log line per request at info) goes nowhere, but is still written, as in production.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-4000)));
  // A missing program (nginx, Prism) is a readable failure of its row's start (`ready` sees the exit
  // code), not an unhandled 'error' event that ends the whole bench with a stack trace.
  child.once('error', (error) => {
    output += `cannot start ${command}: ${error.message} (npm run bench installs nginx and wrk; by hand: bash scripts/ensure-system-packages.sh nginx wrk)`;
  });
  running.add(child);
  return { child, output: () => output };
}

/** `node args` with PORT set, ready once `readyPath` answers. */
export async function startNode(args: string[], env: Record<string, string>, readyPath: string): Promise<Peer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, output } = launch(process.execPath, args, { HOST: '127.0.0.1', ...env, PORT: String(port) });
  await ready(child, `${url}${readyPath}`, path.basename(args.at(-1) ?? 'node'), output);
  return { url, pid: child.pid, stop: stopper(child) };
}

/**
 * Debian's nginx with one worker: `upstream` and `static` serve `root`, `proxy` is a reverse proxy
 * to `proxyTo` with a keep-alive pool (as one would run it in front of an API).
 */
export async function startNginx(
  work: string,
  name: string,
  site: { root?: string; proxyTo?: string; /** nginx's default: a line per request to a file. */ accessLog?: boolean },
): Promise<Peer> {
  const port = await freePort();
  const dir = path.join(work, `nginx-${name}`);
  fs.mkdirSync(dir, { recursive: true });
  const location = site.proxyTo
    ? `location / { proxy_pass http://backend; proxy_http_version 1.1; proxy_set_header Connection ""; }`
    : `root ${site.root}; index index.html; default_type application/json;`;
  const config = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  include /etc/nginx/mime.types;
  access_log ${site.accessLog ? path.join(dir, 'access.log') : 'off'};
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  ${site.proxyTo ? `upstream backend { server ${new URL(site.proxyTo).host}; keepalive 64; }` : ''}
  server { listen 127.0.0.1:${port} backlog=4096; ${location} }
}`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  const nginx = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const { child, output } = launch(nginx, ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {});
  const url = `http://127.0.0.1:${port}`;
  await ready(child, `${url}/`, `nginx (${name})`, output);
  // SIGQUIT: nginx's graceful stop.
  return { url, pid: child.pid, stop: stopper(child, 'SIGQUIT') };
}

/** Stoplight Prism mocking the contract (its static examples), as a team would without this gateway. */
export async function startPrism(contract: string): Promise<Peer> {
  const bin = path.join(REPO_ROOT, 'node_modules/.bin/prism');
  if (!fs.existsSync(bin)) throw new Error('@stoplight/prism-cli is not installed (npm ci)');
  const port = await freePort();
  const { child, output } = launch(bin, ['mock', '-h', '127.0.0.1', '-p', String(port), contract], {});
  const url = `http://127.0.0.1:${port}`;
  await ready(child, `${url}/api/build-configs`, 'prism', output);
  return { url, pid: child.pid, stop: stopper(child) };
}

/** Debian's redis-server on a free port, persistence off (the mock's shared store for the replica rows). */
export async function startRedis(work: string): Promise<Peer & { storeUrl: string }> {
  const port = await freePort();
  const dir = path.join(work, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const { child, output } = launch(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    {},
  );
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${output().slice(-400)}`);
    const answered = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end('PING\r\n'));
      socket.once('data', (data) => resolve(data.toString().startsWith('+PONG')));
      socket.once('error', () => resolve(false));
    });
    if (answered) break;
    if (attempt > 100) throw new Error('redis-server not ready after 10 s');
    await sleep(100);
  }
  return { url: `redis://127.0.0.1:${port}`, storeUrl: `redis://127.0.0.1:${port}/0`, stop: stopper(child) };
}

/** Stops whatever is still running (after an error). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopper(child)()));
}
