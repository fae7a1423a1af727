/** The throughput tables' rows (throughput.ts): measured one at a time, or in alternating rounds. */
import { measure, type Measured } from './load-tool.js';
import { type Peer } from './peers/start.js';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
export const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
/**
 * Rounds of an alternating pair (A B A B A B): each side's figure is its median round. BENCH_ROUNDS
 * (an odd number) takes more where a goal's margin is smaller than a round's spread.
 */
export const ALTERNATING_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const load = { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S };

/**
 * What a row must reach against its peer (all parts must hold, and no errors): the issue's goals,
 * checked by the bench itself so that each run prints a verdict, not only figures.
 */
export interface Goal {
  /** Requests/s at least this many times the peer's. */
  minRatio?: number;
  /** p99 at most this many times the peer's. */
  maxP99Ratio?: number;
  /** p99 under this many milliseconds. */
  maxP99Ms?: number;
  /** p50 at most this many milliseconds over the peer's (rows at a fixed rate). */
  maxP50AddedMs?: number;
}

export interface Row {
  name: string;
  result?: Measured;
  /** The row this one is compared with. */
  peer?: string;
  /** What the ratio must be (a verdict is printed), or `about`: what the ratio tells, without a goal. */
  goal?: Goal;
  about?: string;
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
 * The row's figures paired with its peer's: round by round when both were measured in the same
 * alternating rounds (a row and its peer in one round ran under the same minute of the machine, while
 * their median rounds may come from different ones), else their results.
 */
function pairs(row: Row, peer: Row): [Measured, Measured][] {
  return row.rounds && peer.rounds && row.rounds.length === peer.rounds.length
    ? row.rounds.map((round, index) => [round, peer.rounds![index]!])
    : [[row.result!, peer.result!]];
}

/** Requests/s over the peer's, p99 over the peer's and the p50 added (ms): each the median of the rounds'. */
function versus(row: Row, peer: Row): { ratio: number; p99Ratio: number; p50AddedMs: number } {
  const paired = pairs(row, peer);
  return {
    ratio: median(paired.map(([mine, theirs]) => mine.rps / theirs.rps)),
    p99Ratio: median(paired.map(([mine, theirs]) => mine.p99Us / theirs.p99Us)),
    p50AddedMs: median(paired.map(([mine, theirs]) => mine.p50Us - theirs.p50Us)) / 1000,
  };
}

const signedMs = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(2)} ms`;

/** A row against its peer: requests/s as a ratio (`0.88×`), or the p50 added (`+0.04 ms`). */
function comparison(row: Row, peer: Row): string {
  const { ratio, p50AddedMs } = versus(row, peer);
  return row.compare === 'p50' ? signedMs(p50AddedMs) : `${ratio.toFixed(2)}×`;
}

/** The goal in words, as the table's goal column and the verdicts print it. */
export function goalText(goal: Goal): string {
  const parts: string[] = [];
  if (goal.minRatio !== undefined) parts.push(`≥ ${goal.minRatio}×`);
  if (goal.maxP99Ratio !== undefined) parts.push(`p99 ≤ ${goal.maxP99Ratio}× its`);
  if (goal.maxP99Ms !== undefined) parts.push(`p99 < ${goal.maxP99Ms} ms`);
  if (goal.maxP50AddedMs !== undefined) parts.push(`p50 ≤ its + ${goal.maxP50AddedMs} ms`);
  return parts.join(', ');
}

/**
 * Whether a row met its goal, and the figures that decided: `met` or `NOT MET`, each part with its
 * measured value (`0.91× ≥ 0.85×; p99 1.72× > 1.5×`). A row without figures, or with errors, is not met.
 */
export function verdict(row: Row, peer: Row | undefined): { met: boolean; text: string } | undefined {
  const { goal } = row;
  if (!goal) return undefined;
  const r = row.result;
  if (!r || !peer?.result) return { met: false, text: 'NOT MET: not measured' };
  const { ratio, p99Ratio, p50AddedMs } = versus(row, peer);
  const checks: [boolean, string][] = [];
  if (goal.minRatio !== undefined)
    checks.push([
      ratio >= goal.minRatio,
      `${ratio.toFixed(2)}× ${ratio >= goal.minRatio ? '≥' : '<'} ${goal.minRatio}×`,
    ]);
  if (goal.maxP99Ratio !== undefined) {
    const ok = p99Ratio <= goal.maxP99Ratio;
    checks.push([ok, `p99 ${p99Ratio.toFixed(2)}× ${ok ? '≤' : '>'} ${goal.maxP99Ratio}×`]);
  }
  if (goal.maxP99Ms !== undefined) {
    const ok = r.p99Us / 1000 < goal.maxP99Ms;
    checks.push([ok, `p99 ${ms(r.p99Us)} ms ${ok ? '<' : '≥'} ${goal.maxP99Ms} ms`]);
  }
  if (goal.maxP50AddedMs !== undefined) {
    const ok = p50AddedMs <= goal.maxP50AddedMs;
    checks.push([ok, `p50 ${signedMs(p50AddedMs)} ${ok ? '≤' : '>'} +${goal.maxP50AddedMs} ms`]);
  }
  const errors = r.errors + r.non2xx;
  if (errors > 0) checks.push([false, `${errors} errors`]);
  const met = checks.every(([ok]) => ok);
  return { met, text: `${met ? 'met' : 'NOT MET'}: ${checks.map(([, text]) => text).join('; ')}` };
}

/** Every goal of these rows with its verdict, as a line each (what `npm run bench` ends with). */
export function verdicts(rows: Row[]): { met: boolean; line: string }[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  return rows.flatMap((row) => {
    const decided = verdict(row, row.peer ? byName.get(row.peer) : undefined);
    if (!decided) return [];
    return [{ met: decided.met, line: `- ${row.name} vs ${row.peer} (${goalText(row.goal!)}): ${decided.text}` }];
  });
}

export function table(title: string, rows: Row[]): string {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const lines = [
    `### ${title}`,
    '',
    '| | req/s | p50 ms | p99 ms | errors | vs | ratio | goal | verdict |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- | --- |',
  ];
  for (const row of rows) {
    const r = row.result;
    const peer = row.peer ? byName.get(row.peer) : undefined;
    const ratio = r && peer?.result ? comparison(row, peer) : '';
    const cells = r
      ? [Math.round(r.rps).toLocaleString('en-US'), ms(r.p50Us), ms(r.p99Us), String(r.errors + r.non2xx)]
      : ['—', '—', '—', '—'];
    const goal = [row.goal ? goalText(row.goal) : row.about, row.note].filter(Boolean).join('; ');
    lines.push(
      `| ${row.name} | ${cells.join(' | ')} | ${row.peer ?? ''} | ${ratio} | ${goal} | ${verdict(row, peer)?.text ?? ''} |`,
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
  /** Processes whose CPU time per request to note beside the server's own (its upstream). */
  watch?: Record<string, Peer | Error>;
}

/** Each process's CPU time per request, the median of the rounds', in microseconds (load: the load generator). */
export function cpuPerRequest(rounds: Measured[]): Record<string, number> {
  const names = new Set(rounds.flatMap((round) => Object.keys(round.cpuUs ?? {})));
  return Object.fromEntries(
    [...names].map((name) => [name, median(rounds.map((round) => round.cpuUs?.[name] ?? NaN).filter(Number.isFinite))]),
  );
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
        const watched: Record<string, number> = {};
        for (const [name, peer] of Object.entries({ server: side.server, ...side.watch }))
          if (!(peer instanceof Error) && peer.pid !== undefined) watched[name] = peer.pid;
        rounds[index]!.push(await measure(`${side.server.url}${side.path}`, side.headers, options, watched));
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
    const cpu = Object.entries(cpuPerRequest(rounds[index]!))
      .map(([name, us]) => `${name} ${us.toFixed(0)}`)
      .join(', ');
    const note = `rounds: ${all}${cpu ? `; CPU µs per request: ${cpu}` : ''}`;
    rows.push({ name: side.name, result, rounds: rounds[index], ...side.extra, note });
    console.log(
      `  ${side.name}: rounds ${all}, median's p99 ${ms(result.p99Us)} ms${cpu ? `, CPU µs/request ${cpu}` : ''}`,
    );
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
