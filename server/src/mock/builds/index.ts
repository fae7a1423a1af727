/**
 * Builds' public surface: what the rest of the mock (store/, mock.ts) may use. Everything else under
 * builds/ (the toolchain, the dispatcher's helpers, the queue's internals) is reached only from inside.
 * Imports run one way: builds/ never imports store/, api/ or mock.ts (dependency-cruiser checks it).
 */
export { buildArtifacts, type ArtifactFile } from './artifacts.js';
export { isFinished, type ArtifactEntry, type BuildRecord, type StageRecord } from './build-record.js';
export {
  buildEnding,
  logSizeOf,
  type BuildHandoff,
  type BuildProgressRecord,
  type BuildSandboxes,
  type LogSize,
} from './build-ports.js';
export { BuildLogReader, type BuildLogPage } from './build-log.js';
export { BuildStorage } from './build-storage.js';
export { BuildDispatcher, type BuildDispatcherOptions } from './dispatcher.js';
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

// What simulations (mock/simulations/) and draft checks (mock/checks/) reuse of the toolchain: the sandbox, tool processes and their
// limits, build folders, the platform's files, the tools' line parsing and the log's batches.
export { diagnosticText, parseToolLine, type PathMapper } from './diagnostics.js';
export { fileKind, findBodyOnlyTop, findTopLevel, stripVerilogComments, unsafeFileNames } from './hdl-project.js';
export { LogBatches } from './log-batches.js';
export { TOOL_FILE_SIZE_LIMIT_BYTES, toolSandbox } from './select-runner.js';
export { describeIsolation, detectIsolation, type ToolSandbox } from './toolchain/bubblewrap.js';
export { makeBuildFolder } from './toolchain/build-folders.js';
export {
  IP_CORES_VERILOG,
  MOKU_LIBRARY,
  MOKU_LIBRARY_NAME,
  SLOT_PACKAGE,
  VHDL_PLATFORM,
} from './toolchain/platform-files.js';
export { declarationTexts, MAX_ASSOCIATION_PASSES, PlatformAssociations } from './toolchain/platform-associations.js';
export { BuildBudget, runTool, toolEnvironment, type ToolEnd, type ToolRun } from './toolchain/tool-process.js';
export { toolEndMessages, wroteTooMuch } from './toolchain/tool-output.js';
export { ToolSlots } from './toolchain/tool-slots.js';
export { ToolOutputScreen, troubleMessage } from './toolchain/tool-failure.js';
export { designMemoryLines } from './toolchain/tool-output.js';
export { verilatorLintArgs } from './toolchain/verilog-check.js';
export { WrappedBody } from './toolchain/verilog-body.js';
export { dependencyOrder } from './toolchain/vhdl-order.js';
export { entityXmlCommand, readEntityXml, type VhdlEntity } from './toolchain/vhdl-entity-xml.js';
export { instantiatedEntities, namesAnEntity, VHDL_ENTITY_STUBS, verilogStubs } from './toolchain/vhdl-entity-stubs.js';
export { entitiesNamed, entityInstanceRewrite, type UndescribedEntity } from './toolchain/vhdl-entity-stubs.js';
export type { Diagnostic } from './diagnostics.js';
