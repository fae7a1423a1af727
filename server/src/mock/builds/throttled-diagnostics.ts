import type { Diagnostic } from './diagnostics.js';
import type { BuildProgress } from './runner.js';

/** At most one list of diagnostics stored per build this often while it runs. */
export const DIAGNOSTICS_INTERVAL_MS = 500;

/**
 * The same progress, with the diagnostics lists (each the whole list so far) passed on at most once
 * per `intervalMs`: the newest one, the ones between dropped. Storing a list rewrites the sandbox's
 * document, and a design can make a tool print a thousand warnings: one store per warning was a
 * thousand rewrites of the whole sandbox (25 s of the gateway's only thread for one build). A list
 * held back is passed on before the stage ends and before the build finishes, so the stored one is
 * complete by then.
 */
export function throttleDiagnostics(progress: BuildProgress, intervalMs = DIAGNOSTICS_INTERVAL_MS): BuildProgress {
  const { diagnostics } = progress;
  if (!diagnostics) return progress;
  let held: readonly Diagnostic[] | null = null;
  let passedAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  const passOn = () => {
    clearTimeout(timer);
    timer = undefined;
    if (held === null) return;
    const list = held;
    held = null;
    passedAt = performance.now();
    diagnostics(list);
  };
  return {
    ...progress,
    diagnostics: (list) => {
      held = list;
      if (timer) return;
      const wait = passedAt + intervalMs - performance.now();
      if (wait <= 0) passOn();
      else timer = setTimeout(passOn, wait).unref();
    },
    stageFinished: (stage, outcome) => {
      passOn();
      progress.stageFinished(stage, outcome);
    },
    finished: (outcome) => {
      passOn();
      progress.finished(outcome);
    },
  };
}
