/** The throughput tables' rows (throughput.ts): measured one at a time, or in alternating rounds. */
import { measure, type Measured } from './load-tool.js';
import { type Peer } from './peers/start.js';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
export const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
/** Rounds of an alternating pair (A B A B A B): each side's figure is its median round. */
export const ALTERNATING_ROUNDS = 3;

const load = { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S };

export interface Row {
  name: string;
  result?: Measured;
  /** The row this one is compared with, and what the ratio should be. */
  peer?: string;
  goal?: string;
  note?: string;
  /**
   * What the ratio column compares with the peer: requests per second (by default), or, for rows
   * measured at a fixed rate (both answer the same number), the p50 added over the peer's.
   */
  compare?: 'rps' | 'p50';
  /** Each round's figures, in order, when the row was measured in alternating rounds. */
  rounds?: Measured[];
}

export const ms = (us: number) => (us / 1000).toFixed(2);

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A row against its peer: requests/s as a ratio (`0.88×`), or the p50 added (`+0.04 ms`). When both were
 * measured in the same alternating rounds, the median of the rounds' comparisons: a row and its peer in one
 * round ran under the same minute of the machine, while their median rounds may come from different ones.
 */
function comparison(row: Row, peer: Row): string {
  const pairs: [Measured, Measured][] =
    row.rounds && peer.rounds && row.rounds.length === peer.rounds.length
      ? row.rounds.map((round, index) => [round, peer.rounds![index]!])
      : [[row.result!, peer.result!]];
  if (row.compare === 'p50') {
    const added = median(pairs.map(([mine, theirs]) => mine.p50Us - theirs.p50Us)) / 1000;
    return `${added < 0 ? '−' : '+'}${Math.abs(added).toFixed(2)} ms`;
  }
  return `${median(pairs.map(([mine, theirs]) => mine.rps / theirs.rps)).toFixed(2)}×`;
}

export function table(title: string, rows: Row[]): string {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const lines = [
    `### ${title}`,
    '',
    '| | req/s | p50 ms | p99 ms | errors | vs | ratio | goal |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const row of rows) {
    const r = row.result;
    const peer = row.peer ? byName.get(row.peer) : undefined;
    const ratio = r && peer?.result ? comparison(row, peer) : '';
    const cells = r
      ? [Math.round(r.rps).toLocaleString('en-US'), ms(r.p50Us), ms(r.p99Us), String(r.errors + r.non2xx)]
      : ['—', '—', '—', '—'];
    lines.push(
      `| ${row.name} | ${cells.join(' | ')} | ${row.peer ?? ''} | ${ratio} | ${[row.goal, row.note].filter(Boolean).join('; ')} |`,
    );
  }
  return lines.join('\n');
}

/** One side of an alternating comparison; `server` is the Error its start failed with, if it did. */
export interface Side {
  name: string;
  server: Peer | Error;
  path: string;
  headers: Record<string, string>;
  extra?: Partial<Row>;
  /** A fixed offered rate (requests/s in all) instead of as many as the server answers. */
  rate?: number;
}

/**
 * Servers measured in turn, round after round, each row its median round. On a shared machine the
 * speed drifts by tens of percent within a run (the upstream alone: 49,003 req/s in one run, 32,700 in
 * another), so two rows measured minutes apart compare the machine as much as the servers; rounds in
 * turn expose all sides to the same drift. All are started; the idle ones take no CPU. A side that
 * fails drops out with its reason and the others go on, so a broken peer does not hide our figures.
 */
export async function alternatingRows(rows: Row[], sides: Side[]): Promise<void> {
  const rounds = sides.map((): Measured[] => []);
  const failed = sides.map((side) => (side.server instanceof Error ? side.server : undefined));
  for (let round = 0; round < ALTERNATING_ROUNDS; round++) {
    for (const [index, side] of sides.entries()) {
      if (failed[index] || side.server instanceof Error) continue;
      try {
        const options = side.rate === undefined ? load : { ...load, rate: side.rate };
        rounds[index]!.push(await measure(`${side.server.url}${side.path}`, side.headers, options));
      } catch (error) {
        failed[index] = error as Error;
      }
    }
  }
  for (const [index, side] of sides.entries()) {
    const error = failed[index];
    if (error) {
      rows.push({ name: side.name, ...side.extra, note: `not measured: ${error.message}` });
      console.log(`  ${side.name}: not measured: ${error.message}`);
      continue;
    }
    // At a fixed rate every round answers about the same number: the median is taken by p50 there.
    const ordered = rounds[index]!.toSorted((a, b) => (side.rate === undefined ? a.rps - b.rps : a.p50Us - b.p50Us));
    const result = ordered[Math.floor(ordered.length / 2)]!;
    const all =
      side.rate === undefined
        ? `${rounds[index]!.map((r) => Math.round(r.rps).toLocaleString('en-US')).join(' / ')} req/s`
        : `p50 ${rounds[index]!.map((r) => ms(r.p50Us)).join(' / ')} ms`;
    rows.push({ name: side.name, result, rounds: rounds[index], ...side.extra, note: `rounds: ${all}` });
    console.log(`  ${side.name}: rounds ${all}, median's p99 ${ms(result.p99Us)} ms`);
  }
}

/**
 * Runs `body` with the peers of an alternating comparison started together (at once: Prism alone
 * takes seconds), then stops them. A peer that failed to start is passed as its Error, for its rows.
 */
export async function withPeers<const S extends readonly (() => Promise<Peer>)[], T>(
  starts: S,
  body: (peers: { -readonly [K in keyof S]: Peer | Error }) => Promise<T>,
): Promise<T> {
  const peers = await Promise.all(
    starts.map((start) =>
      start().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
    ),
  );
  try {
    return await body(peers as { -readonly [K in keyof S]: Peer | Error });
  } finally {
    await Promise.all(peers.map((peer) => (peer instanceof Error ? undefined : peer.stop())));
  }
}
