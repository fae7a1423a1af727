import type { ScenarioResult } from './scenario-call.js';

/** The printed table: one row per step, then each violation with its location. */
export function formatScenario(result: ScenarioResult): string {
  const rows = result.steps.map((s) => [
    s.outcome === 'pass' ? 'ok' : s.outcome === 'skip' ? 'skip' : 'FAIL',
    s.step,
    s.operation,
    `${s.method} ${s.path}`,
    s.expected.join('|') || '-',
    s.status === undefined ? '-' : String(s.status),
    s.note ?? (s.violations.length > 0 ? `${s.violations.length} contract violation(s)` : ''),
  ]);
  const header = ['result', 'step', 'operation', 'request', 'expected', 'got', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  if (result.violations.length > 0) {
    out.push('', 'Contract violations:');
    for (const v of result.violations)
      out.push(
        `  ${v.operation ?? '(no operation)'} ${v.method} ${v.path} → ${v.status ?? ''} ${v.location}: ${v.message}`,
      );
  }
  const { operations, covered } = result.coverage.summary(result.document);
  const passed = result.steps.filter((s) => s.outcome === 'pass').length;
  const skipped = result.steps.filter((s) => s.outcome === 'skip').length;
  out.push(
    '',
    `${passed} passed, ${result.failed} failed, ${skipped} skipped; ${result.violations.length} contract violations; operations exercised ${covered}/${operations}`,
  );
  return out.join('\n');
}
