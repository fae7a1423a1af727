/** The exit codes of cloud-compile (README: "cloud-compile" › exit codes). */
export const EXIT = {
  ok: 0,
  /** A failed or cancelled build, or an operation the API refused. */
  failed: 1,
  /** Bad arguments or option values. */
  usage: 2,
  /** The API key was refused (401) or lacks a scope (403). */
  auth: 3,
  /** The API could not be reached, even after the retries. */
  network: 4,
  /** Ctrl+C (128 + SIGINT). */
  interrupted: 130,
  /** SIGTERM (128 + 15): a CI runner stopping the job. */
  terminated: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the command reports as one line and turns into its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
