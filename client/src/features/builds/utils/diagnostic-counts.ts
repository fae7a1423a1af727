import type { Build, Diagnostic } from '@/lib/api/schemas';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * "1 error · 3 warnings in your files · 602 from the platform", with " · 2 platform notes" before the
 * last part when there are notes (the same words as the build log's summary).
 * A failed build without a single error was not failed by the tools' verdict on the design (its gateway
 * stopped, a limit stopped it): "0 errors · 0 warnings" would read as judged, so it says so instead.
 */
export function diagnosticSummary(diagnostics: readonly Diagnostic[], status?: Build['status']): string {
  if (status === 'failed' && !diagnostics.some((d) => d.severity === 'error')) {
    return 'Failed for the platform, not for an error in your design: see the build’s error';
  }
  let errors = 0;
  let warnings = 0;
  let notes = 0;
  let platform = 0;
  for (const d of diagnostics) {
    if (d.severity === 'note') notes++;
    else if (d.origin === 'platform') platform++;
    else if (d.severity === 'error') errors++;
    else warnings++;
  }
  const noted = notes > 0 ? ` · ${plural(notes, 'platform note')}` : '';
  return `${plural(errors, 'error')} · ${plural(warnings, 'warning')} in your files${noted} · ${platform} from the platform`;
}

/** "queued, 2 ahead" / "queued, next" from the contract's queue position (1 = next). */
export function queueText(position: number | null | undefined): string {
  if (!position) return 'waiting in queue';
  return position === 1 ? 'queued, next' : `queued, ${position - 1} ahead`;
}
