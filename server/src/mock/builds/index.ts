/**
 * Builds' public surface: what the rest of the mock (store/, mock.ts) may use. Everything else under
 * builds/ (the toolchain, the dispatcher's helpers, the queue's internals) is reached only from inside.
 * Imports run one way: builds/ never imports store/, api/ or mock.ts (dependency-cruiser checks it).
 */
export { buildArtifacts, type ArtifactFile } from './artifacts.js';
export { isFinished, type ArtifactEntry, type BuildRecord, type StageRecord } from './build-record.js';
export { BuildStorage } from './build-storage.js';
export { BuildDispatcher } from './dispatcher.js';
export { topLevelProblem } from './hdl-project.js';
export { historicBuildRecord, pastBuildLog } from './history/past-builds.js';
export { generateHistory } from './history/seed-history.js';
export { jobVariables } from './job-log.js';
export {
  BuildQueue,
  noEffects,
  type BuildEffects,
  type BuildEnding,
  type BuildQueueState,
} from './queue/build-queue.js';
export type { BuildRetention } from './queue/build-retention.js';
export { selectRunner } from './select-runner.js';
export { faultyLine, scriptedFailure } from './simulated-failure.js';
