import { useMemo, useState } from 'react';
import { MarkerScanner } from '@/components/log-viewer/marker-scanner';
import { isActiveBuild, type Build } from '@/lib/api/schemas';
import { useBuildLog, type BuildLogState } from '../api/use-build-log';
import { followedProgress, type ShownProgress } from '../utils/followed-progress';

export interface FollowedBuild {
  log: BuildLogState;
  /** The build's status, stage and queue position as its log shows them (what the header says). */
  shown: ShownProgress;
}

/**
 * A build and its log, kept in step: the log is followed live, the build is read again before each
 * piece of news from the log is shown (`refreshBuild`), and the status shown is the one the log shows
 * (followedProgress). With `follow` false (a finished build in a folded panel) the log is not read.
 * Mount it per build (`key={build.id}`).
 */
export function useFollowedBuild(
  build: Build,
  refreshBuild: () => Promise<unknown>,
  { follow = true } = {},
): FollowedBuild {
  const [seenActive] = useState(() => isActiveBuild(build));
  const log = useBuildLog(follow ? build.id : undefined, { beforeNews: refreshBuild });
  const scanner = useMemo(() => new MarkerScanner(), []);
  const markers = useMemo(() => scanner.scan(log.lines), [scanner, log.lines]);
  const stage = markers.at(-1)?.name ?? null;
  const shown = follow ? followedProgress(build, { stage, complete: log.complete, seenActive }) : build;
  return { log, shown };
}
