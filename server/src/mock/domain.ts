import { randomBytes } from 'node:crypto';

/**
 * The mock's domain vocabulary: what a project, its files, a build and an API key are made of.
 * Everything under mock/ imports these types from here, downward: builds/ (the runners) and store/
 * (the sandboxes) never need each other's modules for them, and a later store implementation
 * (memory, Redis) shares them too.
 */

/** The four stages every build runs through, in order. */
export const STAGES = ['IP', 'SYNTHESIS', 'ROUTE', 'BITSTREAM'] as const;
export type StageName = (typeof STAGES)[number];

/** The report templates fixtures/artifacts/ must hold. */
export const REPORTS = ['summary', 'utilization', 'timing_summary', 'timing'] as const;
export type ReportName = (typeof REPORTS)[number];

/** A project's build configuration (the contract's ProjectConfig). */
export interface ProjectConfig {
  hardware: string;
  slots: number;
  os_version: string;
  target: string;
  interpolation: boolean;
}

/** One file of a project or example: a flat name and its text. */
export interface SourceFile {
  name: string;
  content: string;
}

/** Where a fixture project's builds fail (its `build_error`): the simulated runner scripts it. */
export interface BuildErrorSpec {
  stage: StageName;
  file: string;
  line: number;
  message: string;
}

export type BuildStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export type StageStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'skipped';

/** What an API key may do (the contract's ApiKeyScope). */
export type Scope = 'projects:read' | 'projects:write' | 'builds:read' | 'builds:queue';

/** A queued or running build is not finished; every other status is final. */
export const isFinishedStatus = (status: BuildStatus) => status !== 'queued' && status !== 'running';

/** A 24-hex id like the real service's. */
export const newId = () => randomBytes(12).toString('hex');
