import type { LogSection } from './sections';

export type BuildOutcome = 'succeeded' | 'failed' | 'cancelled';

type StageState = 'done' | 'running' | 'failed' | 'cancelled' | 'not run';

/**
 * Every stage but the last is done; the last runs until the log completes, then ends as the build did.
 * A stage the build skipped (a check build's ROUTE and BITSTREAM) was not run, whatever its place.
 */
function stageState(
  isLast: boolean,
  complete: boolean,
  outcome: BuildOutcome | undefined,
  skipped: boolean,
): StageState {
  if (skipped) return 'not run';
  if (!isLast) return 'done';
  if (!complete) return 'running';
  return outcome === 'failed' || outcome === 'cancelled' ? outcome : 'done';
}

interface StageBarProps {
  sections: readonly LogSection[];
  complete: boolean;
  outcome: BuildOutcome | undefined;
  /** Stage names shown as pending until their section appears. */
  expectedStages: readonly string[] | undefined;
  /** Stage names the build skipped: shown as not run (never ✓), though the log has their sections. */
  skippedStages?: readonly string[];
  /** Goes to a stage's header line. */
  onGoTo(headerIndex: number): void;
}

/** The log's stages as buttons that go to them, each marked done, running, failed, cancelled or not started. */
export function StageBar({ sections, complete, outcome, expectedStages, skippedStages, onGoTo }: StageBarProps) {
  const skipped = new Set((skippedStages ?? []).map((name) => name.toUpperCase()));
  const lastSection = sections.length - 1;
  const seenStages = new Set(sections.map((section) => section.name.toUpperCase()));
  const pendingStages = (expectedStages ?? []).filter((name) => !seenStages.has(name.toUpperCase()));
  if (sections.length === 0 && pendingStages.length === 0) return null;
  return (
    <ol className="log-viewer__stages" aria-label="Stages">
      {sections.map((section, i) => {
        const state = stageState(i === lastSection, complete, outcome, skipped.has(section.name.toUpperCase()));
        const lineCount = (section.end - section.start).toLocaleString('en-US');
        return (
          <li key={section.headerIndex}>
            <button
              type="button"
              className={`log-viewer__stage log-viewer__stage--${state.replace(' ', '-')}`}
              aria-current={state === 'running' ? 'step' : undefined}
              title={`Go to ${section.name} (${lineCount} lines, ${state})`}
              onClick={() => onGoTo(section.headerIndex)}
            >
              {section.name}
              {state !== 'done' && <span className="log-viewer__visually-hidden">{`, ${state}`}</span>}
            </button>
          </li>
        );
      })}
      {pendingStages.map((name) => (
        <li key={`pending-${name}`}>
          <span className="log-viewer__stage log-viewer__stage--pending" title={`${name}: not started`}>
            {name}
            <span className="log-viewer__visually-hidden">, not started</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
