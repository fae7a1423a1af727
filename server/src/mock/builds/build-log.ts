import type { StageName } from '../domain.js';
import type { BuildRecord } from './build-record.js';
import type { BuildStorage } from './build-storage.js';
import { pastBuildLog } from './history/past-builds.js';

/** One page of a build's log, as getBuildLog answers it. */
export interface BuildLogPage {
  lines: string[];
  offset: number;
  next_offset: number;
  total: number;
  complete: boolean;
}

/**
 * A build's log as readers see it, wherever its lines are: a running build's stored lines; an ended
 * one's stored lines up to its `logLength` and then its notes (what its ending added); a seeded past
 * build's, made from the fixtures' stage logs (never stored).
 */
export class BuildLogReader {
  constructor(
    private readonly storage: BuildStorage,
    private readonly stageLogs: Record<StageName, readonly string[]>,
  ) {}

  async page(build: BuildRecord, offset: number, limit: number, complete: boolean): Promise<BuildLogPage> {
    const answer = (lines: string[], total: number) => ({
      lines,
      offset,
      next_offset: offset + lines.length,
      total,
      complete,
    });
    if (build.log === 'stored' && build.logLength === undefined) {
      const { lines, total } = await this.storage.page(build.id, offset, limit);
      return answer(lines, total);
    }
    if (build.log === 'stored') {
      const length = build.logLength!;
      const notes = build.logNotes ?? [];
      const stored =
        offset < length ? (await this.storage.page(build.id, offset, Math.min(limit, length - offset))).lines : [];
      const fromNotes = notes.slice(Math.max(0, offset - length), Math.max(0, offset + limit - length));
      return answer([...stored, ...fromNotes], length + notes.length);
    }
    const all = pastBuildLog(this.stageLogs, build);
    return answer(all.slice(offset, offset + limit), all.length);
  }

  /** The whole log (to render a build's artifacts from it). */
  async whole(build: BuildRecord): Promise<string[]> {
    if (build.log !== 'stored') return pastBuildLog(this.stageLogs, build);
    if (build.logLength === undefined) return this.storage.lines(build.id);
    const { lines } = await this.storage.page(build.id, 0, build.logLength);
    return [...lines, ...(build.logNotes ?? [])];
  }
}
