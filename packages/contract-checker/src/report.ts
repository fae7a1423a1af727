import fs from 'node:fs';
import path from 'node:path';
import { Coverage } from './coverage.js';
import type { ContractDocument } from './document.js';
import type { Violation } from './validator.js';

/** Keep the newest this many violation records; counts stay exact beyond it. */
export const MAX_KEPT_VIOLATIONS = 1000;
/**
 * Keep at most this many distinct kinds. A kind names caller-chosen property names (`?a1=1`,
 * `?a2=1`, …), so later new kinds are counted together under {@link OTHER_KINDS}.
 */
export const MAX_KINDS = 500;
export const OTHER_KINDS = '(other kinds)';
/** Caller-chosen text (paths, property names, messages) is cut to this length in what is kept. */
export const MAX_TEXT = 300;

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

export interface RecordedViolation extends Violation {
  at: string;
}

export interface ContractReportJson {
  startedAt: string;
  exchanges: number;
  /** Bodies streamed through without a schema check (larger than the cap, or binary). */
  bodiesNotChecked: number;
  violationCount: number;
  /** `operation direction location` → how many times. */
  violationsByKind: Record<string, number>;
  violations: RecordedViolation[];
  coverage: ReturnType<Coverage['toJSON']>;
  summary: string;
}

/** What the validating proxy has seen: violations, coverage of live traffic, and a summary. */
export class ContractReport {
  readonly coverage = new Coverage();
  private readonly startedAt = new Date().toISOString();
  private readonly violations: RecordedViolation[] = [];
  private readonly byKind = new Map<string, number>();
  private violationCount = 0;
  private exchanges = 0;
  private bodiesNotChecked = 0;

  constructor(readonly document: ContractDocument) {}

  addViolations(violations: Violation[]): void {
    for (const violation of violations) {
      this.violationCount += 1;
      let kind = cut(`${violation.operation ?? '(no operation)'} ${violation.direction} ${violation.location}`);
      if (!this.byKind.has(kind) && this.byKind.size >= MAX_KINDS) kind = OTHER_KINDS;
      this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
      this.violations.push({
        ...violation,
        path: cut(violation.path),
        location: cut(violation.location),
        message: cut(violation.message),
        at: new Date().toISOString(),
      });
      if (this.violations.length > MAX_KEPT_VIOLATIONS) this.violations.shift();
    }
  }

  recordExchange(operationId: string | undefined, status: number): void {
    this.exchanges += 1;
    if (operationId) this.coverage.record(operationId, status);
  }

  noteBodyNotChecked(): void {
    this.bodiesNotChecked += 1;
  }

  summary(): string {
    const { operations, covered } = this.coverage.summary(this.document);
    const lines = [
      `Contract report since ${this.startedAt}: ${this.exchanges} exchanges, ${this.violationCount} violations, ` +
        `${this.bodiesNotChecked} bodies not checked (large or binary), operations exercised ${covered}/${operations}.`,
    ];
    const kinds = [...this.byKind.entries()].sort((a, b) => b[1] - a[1]);
    for (const [kind, count] of kinds.slice(0, 20)) lines.push(`  ${String(count).padStart(5)}  ${kind}`);
    if (kinds.length > 20) lines.push(`  … and ${kinds.length - 20} more kinds`);
    return lines.join('\n');
  }

  toJSON(): ContractReportJson {
    return {
      startedAt: this.startedAt,
      exchanges: this.exchanges,
      bodiesNotChecked: this.bodiesNotChecked,
      violationCount: this.violationCount,
      violationsByKind: Object.fromEntries(this.byKind),
      violations: [...this.violations],
      coverage: this.coverage.toJSON(),
      summary: this.summary(),
    };
  }

  /** `file` gets the JSON report, `file` with a .txt extension the summary and coverage table. */
  write(file: string): { json: string; text: string } {
    const text = file.replace(/\.json$/i, '') + '.txt';
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(this.toJSON(), null, 2)}\n`);
    fs.writeFileSync(text, `${this.summary()}\n\n${this.coverage.table(this.document)}\n`);
    return { json: file, text };
  }
}
