/** What a sandbox keeps of finished builds (MOCK_MAX_BUILDS_KEPT_PER_PROJECT, MOCK_MAX_BUILD_BYTES). */
export interface BuildRetention {
  /** Finished builds kept per project, newest first. */
  perProject: number;
  /** Bytes of logs and artifacts all finished builds of a sandbox hold together. */
  bytes: number;
}

/** What retention needs to know of one build. */
export interface RetainedBuild {
  id: string;
  projectId: string;
  queuedAt: Date;
  finished: boolean;
  /** What the build holds in memory (its log and artifacts); 0 for what is rendered on demand. */
  bytes: number;
}

/** Newest first, ties by id: the order builds are listed in. */
export function newestFirst<T extends { id: string; queuedAt: Date }>(builds: readonly T[]): T[] {
  return [...builds].sort((a, b) => b.queuedAt.getTime() - a.queuedAt.getTime() || (b.id < a.id ? -1 : 1));
}

/**
 * The builds to drop so that each project keeps at most `perProject` finished builds and all kept
 * builds hold at most `bytes`. Never dropped: a build queued or running (a client is following it),
 * and the sandbox's newest finished build (the one just made, even when it alone is over the byte
 * budget). Over the budget the oldest finished builds go first; each project's latest build (the
 * project shows it) goes only when the older ones were not enough, oldest first. So a sandbox holds
 * at most `bytes` plus its newest build: with every sandbox's work in one process's memory, "each
 * project's latest" alone was no bound (a project count's worth of the largest builds).
 */
export function buildsToDrop(builds: readonly RetainedBuild[], retention: BuildRetention): Set<string> {
  const ordered = newestFirst(builds);
  const drop = new Set<string>();
  const projectsSeen = new Set<string>();
  const latestOfProject = new Set<string>();
  const finishedKept = new Map<string, number>();
  let newestFinished: string | undefined;
  for (const build of ordered) {
    const isLatest = !projectsSeen.has(build.projectId);
    projectsSeen.add(build.projectId);
    if (!build.finished) continue;
    newestFinished ??= build.id;
    if (isLatest) latestOfProject.add(build.id);
    const kept = (finishedKept.get(build.projectId) ?? 0) + 1;
    finishedKept.set(build.projectId, kept);
    if (kept > retention.perProject && !isLatest) drop.add(build.id);
  }
  let total = ordered.reduce((sum, build) => sum + (drop.has(build.id) ? 0 : build.bytes), 0);
  const oldestFirst = ordered.reverse();
  for (const latestToo of [false, true]) {
    for (const build of oldestFirst) {
      if (total <= retention.bytes) return drop;
      if (!build.finished || build.id === newestFinished || drop.has(build.id)) continue;
      if (latestOfProject.has(build.id) && !latestToo) continue;
      drop.add(build.id);
      total -= build.bytes;
    }
  }
  return drop;
}
