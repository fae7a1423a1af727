import type { Build } from '@cloud-compile/shared/api-types';

// The contract's schemas as types (generated from openapi/openapi.json by scripts/typegen.mjs):
// import them from here, e.g. `import type { Build } from '@/lib/api/schemas'`.
export type {
  ApiKey,
  Artifact,
  Build,
  BuildConfigOptions,
  BuildLog,
  BuildStage,
  BuildStageName,
  BuildStatus,
  CreatedApiKey,
  Diagnostic,
  DraftCheckResult,
  Example,
  HardwareModel,
  Project,
  ProjectConfig,
  ProjectFile,
  ProjectSummary,
  Scope,
  Simulation,
  SimulationSignal,
  SimulationSignals,
  SimulationStart,
  SimulationStatus,
  Stimulus,
  TargetInterface,
  Waveform,
  WaveformSummary,
  SignalSummary,
} from '@cloud-compile/shared/api-types';

/** Builds that can still change (and be cancelled). */
export function isActiveBuild(build: Pick<Build, 'status'>): boolean {
  return build.status === 'queued' || build.status === 'running';
}
