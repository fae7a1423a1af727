import { setTimeout as sleep } from 'node:timers/promises';
import type { Api } from '../api/client.js';
import type { Build } from '@cloud-compile/shared/api-types';

export interface FollowOptions {
  /** Keep asking until the build has finished (else: read what there is and stop). */
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

/**
 * Reads a build's log page by page from offset 0, handing each page's lines on as they come; with
 * `follow`, polls until the API says the log is complete (the build finished and every line is out).
 * Returns how many lines were read.
 */
export async function readLog(api: Api, buildId: string, options: FollowOptions): Promise<number> {
  const limit = options.pageSize ?? 5000;
  const config = { signal: options.signal };
  let offset = 0;
  for (;;) {
    const { data: page } = await api.getBuildLog({ build_id: buildId, offset, limit }, null, config);
    if (page.lines.length) options.onLines(page.lines);
    offset = page.next_offset;
    if (options.onBuild) options.onBuild((await api.buildDetails({ build_id: buildId }, null, config)).data);
    const more = page.next_offset < page.total;
    if (more) continue;
    if (page.complete || !options.follow) return offset;
    await sleep(options.intervalMs, undefined, { signal: options.signal });
  }
}
