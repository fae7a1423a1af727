import { setTimeout as sleep } from 'node:timers/promises';
import type { Api } from '../api/client.js';
import type { Build, BuildLog } from '@cloud-compile/shared/api-types';

export interface FollowOptions {
  /** Keep asking until the run has finished (else: read what there is and stop). */
  follow: boolean;
  /** The pause between two polls while nothing new arrived. */
  intervalMs: number;
  /** Lines per request (the API allows up to 100,000). */
  pageSize?: number;
  signal?: AbortSignal;
  onLines: (lines: string[]) => void;
  /** With it, the build is read on every poll too (for stage progress). */
  onBuild?: (build: Build) => void;
}

/** One page of a log: a build's (getBuildLog) or a simulation's (getSimulationLog), which page alike. */
export type LogPageReader = (offset: number, limit: number, signal: AbortSignal | undefined) => Promise<BuildLog>;

/**
 * Reads a log page by page from offset 0, handing each page's lines on as they come; with `follow`,
 * polls until the API says the log is complete (the run finished and every line is out). `afterPage`
 * runs after each page (the build's progress). Returns how many lines were read.
 */
export async function readLogPages(
  readPage: LogPageReader,
  options: Omit<FollowOptions, 'onBuild'> & { afterPage?: () => Promise<void> },
): Promise<number> {
  const limit = options.pageSize ?? 5000;
  let offset = 0;
  for (;;) {
    const page = await readPage(offset, limit, options.signal);
    if (page.lines.length) options.onLines(page.lines);
    offset = page.next_offset;
    await options.afterPage?.();
    const more = page.next_offset < page.total;
    if (more) continue;
    if (page.complete || !options.follow) return offset;
    await sleep(options.intervalMs, undefined, { signal: options.signal });
  }
}

/** A build's log, read as `readLogPages` reads; with `onBuild`, the build is read after every page. */
export function readLog(api: Api, buildId: string, options: FollowOptions): Promise<number> {
  const config = { signal: options.signal };
  const { onBuild } = options;
  return readLogPages(
    async (offset, limit, signal) =>
      (await api.getBuildLog({ build_id: buildId, offset, limit }, null, { signal })).data,
    {
      ...options,
      afterPage: onBuild
        ? async () => onBuild((await api.buildDetails({ build_id: buildId }, null, config)).data)
        : undefined,
    },
  );
}
