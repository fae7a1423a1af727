import type { StageName } from '../domain.js';
import { planJobLog } from './job-log.js';
import { errorSummary } from './log-templates.js';
import type { BuildJob, BuildProgress, BuildRunner, RunningBuild } from './runner.js';
import { failureDiagnostic } from './simulated-failure.js';

export interface SimulatedRunnerOptions {
  stageLogs: Record<StageName, readonly string[]>;
  /** One log step: the pause between two chunks of log lines (MOCK_BUILD_STEP_MS). */
  stepMs: number;
  /** How many chunks each stage's log arrives in. */
  stepsPerStage?: number;
}

/**
 * Plays a build from the fixture log templates: one step in the queue, then each stage's lines
 * in `stepsPerStage` chunks, one chunk per step. Timers are unref'd (they never keep the process
 * alive) and all stop on close().
 */
export class SimulatedRunner implements BuildRunner {
  private readonly active = new Set<() => void>();

  constructor(private readonly options: SimulatedRunnerOptions) {}

  start(job: BuildJob, progress: BuildProgress): RunningBuild {
    const { stepMs, stepsPerStage = 5 } = this.options;
    const plan = planJobLog(this.options.stageLogs, job);
    // Each step is one callback; only log chunks take time (one step each), stage starts and ends do not.
    const steps: { run: () => void; waits: boolean }[] = [];
    for (const { stage, lines, fails } of plan) {
      steps.push({ run: () => progress.stageStarted(stage), waits: false });
      const chunk = Math.max(1, Math.ceil(lines.length / stepsPerStage));
      for (let at = 0; at < lines.length; at += chunk) {
        const part = lines.slice(at, at + chunk);
        steps.push({ run: () => progress.log(part), waits: true });
      }
      steps.push({ run: () => progress.stageFinished(stage, fails ? 'failed' : 'succeeded'), waits: false });
    }
    const failure = job.failure;
    if (failure) steps.push({ run: () => progress.diagnostics?.([failureDiagnostic(failure)]), waits: false });
    steps.push({
      run: () =>
        progress.finished(failure ? { status: 'failed', error: errorSummary(failure) } : { status: 'succeeded' }),
      waits: false,
    });

    let timer: NodeJS.Timeout | undefined;
    let next = 0;
    const stop = () => {
      clearTimeout(timer);
      this.active.delete(stop);
    };
    const tick = () => {
      for (;;) {
        const step = steps[next++];
        if (!step) return stop();
        step.run();
        if (!this.active.has(stop)) return; // a progress callback cancelled the build
        if (step.waits) break;
      }
      timer = setTimeout(tick, stepMs).unref();
    };
    this.active.add(stop);
    timer = setTimeout(tick, stepMs).unref(); // the first step: waiting in the queue
    return { cancel: stop };
  }

  close(): void {
    for (const stop of [...this.active]) stop();
  }
}
