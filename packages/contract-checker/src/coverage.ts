import type { ContractDocument } from './document.js';

/** operationId → status → how many responses. */
export type CoverageCounts = Record<string, Record<string, number>>;

/**
 * Which operations, and which of their documented statuses, were exercised. Fed by the validating
 * proxy (live traffic) and by the mock-mode gateways of the test suite.
 */
export class Coverage {
  private readonly counts: CoverageCounts = {};

  record(operationId: string, status: number | string): void {
    const byStatus = (this.counts[operationId] ??= {});
    byStatus[String(status)] = (byStatus[String(status)] ?? 0) + 1;
  }

  merge(counts: CoverageCounts): void {
    for (const [operationId, byStatus] of Object.entries(counts)) {
      for (const [status, count] of Object.entries(byStatus)) {
        const target = (this.counts[operationId] ??= {});
        target[status] = (target[status] ?? 0) + count;
      }
    }
  }

  toJSON(): CoverageCounts {
    return structuredClone(this.counts);
  }

  /** Operations of the document with no recorded response at all. */
  missingOperations(document: ContractDocument): string[] {
    return document.operations.map((o) => o.operationId).filter((id) => !this.counts[id]);
  }

  summary(document: ContractDocument): {
    operations: number;
    covered: number;
    statuses: number;
    statusesCovered: number;
  } {
    let statuses = 0;
    let statusesCovered = 0;
    for (const operation of document.operations) {
      statuses += operation.statuses.length;
      statusesCovered += operation.statuses.filter((s) => this.counts[operation.operationId]?.[s]).length;
    }
    const operations = document.operations.length;
    return { operations, covered: operations - this.missingOperations(document).length, statuses, statusesCovered };
  }

  /**
   * A plain-text table: one row per operation, its documented statuses with the ones seen marked
   * (`200✓ 404· 422✓`), and statuses seen that the document does not list (`418!`).
   */
  table(document: ContractDocument): string {
    const rows = document.operations.map((operation) => {
      const seen = this.counts[operation.operationId] ?? {};
      const documented = operation.statuses.map((status) => `${status}${seen[status] ? '✓' : '·'}`);
      const extra = Object.keys(seen)
        .filter((s) => !operation.statuses.includes(s))
        .map((s) => `${s}!`);
      const total = Object.values(seen).reduce((sum, n) => sum + n, 0);
      return [
        total > 0 ? 'yes' : 'NO',
        operation.operationId,
        `${operation.method} ${operation.path}`,
        String(total),
        [...documented, ...extra].join(' '),
      ];
    });
    const header = ['hit', 'operation', 'method and path', 'calls', 'statuses (✓ seen, · not seen, ! undocumented)'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
    const { operations, covered, statuses, statusesCovered } = this.summary(document);
    return [
      line(header),
      line(widths.map((w) => '-'.repeat(w))),
      ...rows.map(line),
      '',
      `operations: ${covered}/${operations} (${Math.round((covered / operations) * 100)} %), documented statuses: ${statusesCovered}/${statuses}`,
    ].join('\n');
  }
}
