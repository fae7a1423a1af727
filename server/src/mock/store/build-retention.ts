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
 * builds hold at most `bytes`, dropping the oldest finished builds first. Never dropped: a build
 * queued or running (a client is following it), and each project's latest build (the project
 * shows it), even when that one alone is over the byte budget.
 */
export function buildsToDrop(builds: readonly RetainedBuild[], retention: BuildRetention): Set<string> {
  const ordered = newestFirst(builds);
  const drop = new Set<string>();
  const latestSeen = new Set<string>();
  const protectedIds = new Set<string>();
  const finishedKept = new Map<string, number>();
  for (const build of ordered) {
    const isLatest = !latestSeen.has(build.projectId);
    latestSeen.add(build.projectId);
    if (isLatest || !build.finished) protectedIds.add(build.id);
    if (!build.finished) continue;
    const kept = (finishedKept.get(build.projectId) ?? 0) + 1;
    finishedKept.set(build.projectId, kept);
    if (kept > retention.perProject && !isLatest) drop.add(build.id);
  }
  let total = ordered.reduce((sum, build) => sum + (drop.has(build.id) ? 0 : build.bytes), 0);
  for (const build of ordered.reverse()) {
    if (total <= retention.bytes) break;
    if (drop.has(build.id) || protectedIds.has(build.id)) continue;
    drop.add(build.id);
    total -= build.bytes;
  }
  return drop;
}
