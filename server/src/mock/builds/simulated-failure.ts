import type { BuildErrorSpec, SourceFile } from '../domain.js';
import type { Diagnostic } from './diagnostics.js';

/** The text of the line a fixture's scripted failure names, as the seed file has it. */
export function faultyLine(spec: BuildErrorSpec, seedFiles: readonly SourceFile[]): string | undefined {
  const file = seedFiles.find((f) => f.name === spec.file);
  return file?.content.split(/\r?\n/)[spec.line - 1];
}

/**
 * A fixture's scripted failure, as long as the project still holds its faulty text: at the line
 * where that text is now (lines above it may have been added or removed). Once the user fixed the
 * line (or removed the file) the simulated build succeeds.
 */
export function scriptedFailure(
  spec: BuildErrorSpec | undefined,
  faultyText: string | undefined,
  files: readonly SourceFile[],
): BuildErrorSpec | undefined {
  if (!spec || faultyText === undefined || faultyText.trim() === '') return spec;
  const file = files.find((f) => f.name === spec.file);
  const index = file?.content.split(/\r?\n/).findIndex((line) => line.trim() === faultyText.trim()) ?? -1;
  return index < 0 ? undefined : { ...spec, line: index + 1 };
}

/** A scripted failure as a diagnostic, so the editor marks its line as it would a real tool's error. */
export const failureDiagnostic = (failure: BuildErrorSpec): Diagnostic => ({
  file: failure.file,
  line: failure.line,
  column: null,
  severity: 'error',
  message: failure.message,
  origin: 'user',
});
