import { createHash } from 'node:crypto';
import type { ProjectConfig, ReportName, StageName } from '../domain.js';
import { REPORTS } from '../domain.js';
import { fillPlaceholders, type LogVariables, splitByStage } from './log-templates.js';
import { createTar } from './tar.js';

export const TAR_CONTENT_TYPE = 'application/octet-stream';
export const TEXT_CONTENT_TYPE = 'text/plain';

/** The artifact a stage's log is published as (the bitstream stage has none of its own). */
const STAGE_LOG_ARTIFACTS: Partial<Record<StageName, string>> = {
  IP: 'ip.log',
  SYNTHESIS: 'synthesis.log',
  ROUTE: 'route.log',
};

export interface ArtifactFile {
  name: string;
  contentType: string;
  content: Buffer;
}

/** Deterministic filler bytes standing in for a bitstream: SHA-256 in counter mode over a seed. */
function pseudoBitstream(seed: string, size: number): Buffer {
  const blocks: Buffer[] = [];
  for (let counter = 0; blocks.length * 32 < size; counter++) {
    blocks.push(createHash('sha256').update(`${seed}:${counter}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, size);
}

/** bitstreams.tar: one bitstream per slot and a manifest, the same bytes for the same build. */
export function bitstreamsTar(vars: LogVariables, finishedAt: Date): Buffer {
  const config: ProjectConfig = vars.config;
  const entries = [];
  for (let slot = 1; slot <= config.slots; slot++) {
    entries.push({
      name: `bitstreams/slot${slot}.bit`,
      content: pseudoBitstream(`${vars.buildId}:${slot}`, 16 * 1024),
    });
  }
  const manifest = [
    `project: ${vars.project}`,
    `build: ${vars.buildId}`,
    `hardware: ${config.hardware}`,
    `os_version: ${config.os_version}`,
    `target: ${config.target}`,
    `slots: ${config.slots}`,
    '',
  ].join('\n');
  entries.unshift({ name: 'bitstreams/manifest.txt', content: Buffer.from(manifest) });
  return createTar(entries, finishedAt);
}

const text = (lines: readonly string[]) => Buffer.from(lines.length ? `${lines.join('\n')}\n` : '');

/**
 * The artifacts of a finished build: the logs of the stages that ran, and for a successful build
 * the bitstreams and the four reports too.
 */
export function buildArtifacts(
  vars: LogVariables,
  log: readonly string[],
  succeeded: boolean,
  reports: Record<ReportName, string>,
  finishedAt: Date,
): ArtifactFile[] {
  const artifacts: ArtifactFile[] = [];
  if (succeeded) {
    artifacts.push({ name: 'bitstreams.tar', contentType: TAR_CONTENT_TYPE, content: bitstreamsTar(vars, finishedAt) });
    for (const report of REPORTS) {
      artifacts.push({
        name: `${report}.rpt`,
        contentType: TEXT_CONTENT_TYPE,
        content: Buffer.from(fillPlaceholders(reports[report], vars)),
      });
    }
  }
  const sections = splitByStage(log);
  for (const [stage, name] of Object.entries(STAGE_LOG_ARTIFACTS)) {
    const lines = sections[stage as StageName];
    if (lines) artifacts.push({ name, contentType: TEXT_CONTENT_TYPE, content: text(lines) });
  }
  return artifacts;
}
