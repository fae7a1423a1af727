import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactByte, startNonConformingUpstream, type NonConformingUpstream } from './non-conforming-upstream.js';

const ARTIFACT_MB = 20;
/**
 * "A few MB": a gateway that held the artifact would grow by 20 MB or more, while stream buffers in
 * flight (socket and pipe high-water marks, a slow reader on a loaded 2-core machine) reach ~4 MB.
 */
const MAX_GROWTH_MB = 8;
const MB = 1024 * 1024;

interface Sample {
  live: number;
  rss: number;
}

/** Downloads, checks bytes against the pattern, keeps nothing. */
async function download(url: string): Promise<number> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/octet-stream');
  let received = 0;
  let mismatches = 0;
  for await (const chunk of response.body!) {
    for (let i = 0; i < chunk.length; i += 4093) if (chunk[i] !== artifactByte(received + i)) mismatches++;
    received += chunk.length;
  }
  expect(mismatches).toBe(0);
  return received;
}

/**
 * The gateway runs in its own process, so its memory is measured apart from the upstream and the
 * client in this one. "Live" memory is heap plus buffers still reachable after a forced GC.
 */
describe('a 20 MB artifact through the validating proxy', () => {
  let upstream: NonConformingUpstream;
  let gateway: ChildProcess;
  let baseUrl: string;
  const replies: ((sample: Sample) => void)[] = [];

  const measure = () =>
    new Promise<Sample>((resolve) => {
      replies.push(resolve);
      gateway.send('measure');
    });

  beforeAll(async () => {
    upstream = await startNonConformingUpstream();
    gateway = fork(path.join(import.meta.dirname, 'memory-probe-gateway.ts'), {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      env: {
        ...process.env,
        MODE: 'proxy',
        API_UPSTREAM: upstream.url,
        AUTH_UPSTREAM: upstream.url,
        VALIDATE: 'report',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      gateway.once('message', (message) => resolve((message as { port: number }).port));
      gateway.once('exit', (code) => reject(new Error(`the gateway exited (${code})`)));
    });
    gateway.on('message', (message) => replies.shift()?.(message as Sample));
    baseUrl = `http://127.0.0.1:${port}`;
  }, 30_000);

  afterAll(async () => {
    if (gateway?.exitCode === null) {
      const exited = new Promise((resolve) => gateway.once('exit', resolve));
      gateway.send('close');
      await exited;
    }
    await upstream?.close();
  });

  it('streams intact without the gateway holding it: live memory grows by less than a few MB', async () => {
    // Warm-up: JIT, sockets and the first buffers are not the artifact's.
    await download(`${baseUrl}/api/builds/b1/artifacts/2mb.bin`);
    const baseline = await measure();
    const samples: Sample[] = [];
    let downloading = true;
    const sampling = (async () => {
      while (downloading) samples.push(await measure());
    })();
    const bytes = await download(`${baseUrl}/api/builds/b1/artifacts/${ARTIFACT_MB}mb.bin`);
    downloading = false;
    await sampling;

    expect(bytes).toBe(ARTIFACT_MB * MB);
    expect(samples.length).toBeGreaterThan(3);
    const peakLive = Math.max(...samples.map((s) => s.live));
    const peakRss = Math.max(...samples.map((s) => s.rss));
    const growthMb = (peakLive - baseline.live) / MB;
    process.stdout.write(
      `gateway memory while streaming a ${ARTIFACT_MB} MB artifact with VALIDATE=report (${samples.length} samples): ` +
        `live ${(baseline.live / MB).toFixed(1)} → peak ${(peakLive / MB).toFixed(1)} MB (growth ${growthMb.toFixed(2)} MB); ` +
        `RSS ${(baseline.rss / MB).toFixed(1)} → peak ${(peakRss / MB).toFixed(1)} MB\n`,
    );
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  }, 60_000);
});
