// @cloud-compile/contract-checker: checks traffic against openapi/openapi.json. The gateway's validating
// proxy (server/src/proxy/validating-proxy.ts), `npm run contract` (src/cli.ts) and the contract tests
// use it through this surface.
export {
  ContractDocument,
  DEFAULT_CONTRACT_FILE,
  type ContractOperation,
  type ContractParameter,
  type MatchedOperation,
} from './document.js';
export {
  ContractValidator,
  isJsonMediaType,
  mediaTypeOf,
  type BodySample,
  type CheckedRequest,
  type Direction,
  type RequestToCheck,
  type ResponseToCheck,
  type Violation,
} from './validator.js';
export { DEFAULT_BODY_CAP_BYTES, decodeSample, readBodyUpTo, teeBody } from './body-sample.js';
export { Coverage, type CoverageCounts } from './coverage.js';
export {
  ContractReport,
  MAX_KEPT_VIOLATIONS,
  MAX_KINDS,
  MAX_TEXT,
  OTHER_KINDS,
  type ContractReportJson,
  type RecordedViolation,
} from './report.js';
export {
  STEP_TIMEOUT_MS,
  formatScenario,
  runScenario,
  type ScenarioOptions,
  type ScenarioResult,
  type StepResult,
} from './scenario.js';
