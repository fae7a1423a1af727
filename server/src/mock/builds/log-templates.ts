import type { BuildErrorSpec, ProjectConfig, StageName } from '../domain.js';
import { STAGES } from '../domain.js';

/** What a build's log and reports fill their `{{placeholders}}` with. */
export interface LogVariables {
  project: string;
  config: ProjectConfig;
  buildId: string;
  /** When the build was queued. */
  date: Date;
}

/** The first line of each stage's section: the log viewer's stage sections key on it. */
export const stageHeader = (stage: StageName) => `==> Stage: ${stage}`;

/** The message id the toolchain prints for an error in each stage (Vivado style). */
const ERROR_TAGS: Record<StageName, string> = {
  IP: 'IP_Flow 19-3478',
  SYNTHESIS: 'Synth 8-2715',
  ROUTE: 'Route 35-9',
  BITSTREAM: 'Drc 23-20',
};

/** The error line of a failing build, in the form the log viewer links to the file. */
export function errorLine(error: BuildErrorSpec): string {
  return `ERROR: [${ERROR_TAGS[error.stage]}] ${error.message} [/project/src/${error.file}:${error.line}]`;
}

/** A build's `error` field: the stage, the message, and the file and line it names. */
export function errorSummary(error: BuildErrorSpec): string {
  return `${error.stage} failed: ${error.message} (${error.file}, line ${error.line})`;
}

export function fillPlaceholders(text: string, vars: LogVariables): string {
  const values: Record<string, string> = {
    project: vars.project,
    hardware: vars.config.hardware,
    os_version: vars.config.os_version,
    target: vars.config.target,
    slots: String(vars.config.slots),
    build_id: vars.buildId,
    date: vars.date.toUTCString(),
  };
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * Template lines with placeholders filled; a line naming `{{file}}` is repeated once per source file,
 * and the lines between `{{#each slot}}` and `{{/each}}` once per slot of the configuration (`{{slot}}`
 * is the slot's number), so the log never names a slot the hardware does not have.
 */
export function renderLines(template: readonly string[], vars: LogVariables, fileNames: readonly string[]): string[] {
  const lines: string[] = [];
  for (let index = 0; index < template.length; index++) {
    const line = template[index]!;
    if (line.trim() === '{{#each slot}}') {
      const end = template.findIndex((l, i) => i > index && l.trim() === '{{/each}}');
      const block = template.slice(index + 1, end < 0 ? template.length : end);
      for (let slot = 1; slot <= vars.config.slots; slot++) {
        lines.push(
          ...renderLines(
            block.map((l) => l.replaceAll('{{slot}}', String(slot))),
            vars,
            fileNames,
          ),
        );
      }
      index = end < 0 ? template.length : end;
    } else if (line.includes('{{file}}')) {
      for (const file of fileNames) lines.push(fillPlaceholders(line.replaceAll('{{file}}', file), vars));
    } else {
      lines.push(fillPlaceholders(line, vars));
    }
  }
  return lines;
}

/** One stage of a build as it will run: its log lines, and whether it ends the build with an error. */
export interface StagePlan {
  stage: StageName;
  lines: string[];
  fails: boolean;
}

/**
 * The whole log of a build, stage by stage. A failing stage stops after about 60 % of its lines
 * with the error line; the stages after it never run.
 */
export function planBuildLog(
  stageLogs: Record<StageName, readonly string[]>,
  vars: LogVariables,
  fileNames: readonly string[],
  failure?: BuildErrorSpec,
): StagePlan[] {
  const plan: StagePlan[] = [];
  for (const stage of STAGES) {
    let lines = renderLines(stageLogs[stage], vars, fileNames);
    if (lines[0]?.startsWith('==> Stage:') !== true) lines = [stageHeader(stage), ...lines];
    const fails = failure?.stage === stage;
    if (fails) {
      lines = [...lines.slice(0, Math.max(1, Math.ceil(lines.length * 0.6))), errorLine(failure)];
    }
    plan.push({ stage, lines, fails });
    if (fails) break;
  }
  return plan;
}

/** Splits a log into its stage sections by the `==> Stage:` headers (lines before the first are dropped). */
export function splitByStage(lines: readonly string[]): Partial<Record<StageName, string[]>> {
  const sections: Partial<Record<StageName, string[]>> = {};
  let current: string[] | undefined;
  for (const line of lines) {
    const header = /^==> Stage: (\w+)/.exec(line);
    if (header && (STAGES as readonly string[]).includes(header[1]!)) {
      current = [];
      sections[header[1] as StageName] = current;
    }
    current?.push(line);
  }
  return sections;
}
