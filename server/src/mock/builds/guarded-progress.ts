import type { BuildProgress } from './runner.js';

/**
 * The same progress callbacks, each guarded: a runner calls them from its own timers and streams,
 * where an exception would be uncaught and take the whole gateway down. The first error goes to
 * `onError` (which fails that one build); later calls are ignored, as after `finished`.
 */
export function guardProgress(progress: BuildProgress, onError: (error: unknown) => void): BuildProgress {
  let broken = false;
  const guard =
    <A extends unknown[]>(callback: (...args: A) => void) =>
    (...args: A): void => {
      if (broken) return;
      try {
        callback(...args);
      } catch (error) {
        broken = true;
        try {
          onError(error);
        } catch {
          // Failing the build failed too: nothing more can be done for it, and the process stays up.
        }
      }
    };
  return {
    stageStarted: guard(progress.stageStarted),
    log: guard(progress.log),
    stageFinished: guard(progress.stageFinished),
    finished: guard(progress.finished),
    ...(progress.diagnostics && { diagnostics: guard(progress.diagnostics) }),
    ...(progress.waiting && { waiting: guard(progress.waiting) }),
  };
}
