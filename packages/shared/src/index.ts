// @cloud-compile/shared: the one home of what the app (client/), the command (cli/) and the gateway
// (server/) all use. It runs in a browser and in Node alike, so it imports nothing of either. The API's
// generated types are its other entry, @cloud-compile/shared/api-types (scripts/typegen.mjs writes them).
export { formatByteSize, type ByteSizeStyle } from './byte-size.js';
export { parseErrorDetail } from './error-detail.js';
export { ALLOWED_FILE_EXTENSIONS, fileNameProblem, newFileTemplate } from './file-templates.js';
export { classifySeverity, findFileLocation, type FileLocation, type Severity } from './file-location.js';
export { EXTERNAL_LINK_KEYS, PLACEHOLDER_LINKS, type ExternalLinks, type PublicConfig } from './public-config.js';
export { MAX_PROBE_LENGTH, MAX_PROBES, probeNameProblem } from './probe-names.js';
export { isTestbenchFile } from './testbench-templates.js';
export { retryDelayMs, type RetryDelayPolicy } from './retry-delay.js';
export {
  bitsToBigInt,
  isKnownBits,
  realValue,
  smallCode,
  valueBits,
  vcdNumber,
  type NumberFormat,
} from './vcd-value.js';
