/** The scenario's one call and what it answers (scenario.ts makes it; step modules use it). */
import type { Violation } from './validator.js';

export type StepOutcome = 'pass' | 'fail' | 'skip';

export interface StepResult {
  step: string;
  operation: string;
  method: string;
  path: string;
  expected: number[];
  status?: number;
  outcome: StepOutcome;
  /** Why it failed or was skipped. */
  note?: string;
  violations: Violation[];
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  text?: string;
  /** Send no credentials at all, or a made-up key. */
  auth?: 'default' | 'none' | 'bogus-key';
  expect: number[];
}

export interface CallResult {
  status: number;
  body: unknown;
  step: StepResult;
}

export type Call = (step: string, operationId: string, options: CallOptions) => Promise<CallResult | undefined>;
export type Skip = (step: string, operationId: string, note: string) => void;
