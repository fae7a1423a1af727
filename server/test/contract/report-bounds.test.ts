import { describe, expect, it } from 'vitest';
import {
  ContractDocument,
  ContractReport,
  MAX_KEPT_VIOLATIONS,
  MAX_KINDS,
  MAX_TEXT,
  OTHER_KINDS,
  type Violation,
} from '@cloud-compile/contract-checker';

const unknownQuery = (name: string): Violation => ({
  operation: 'listProjects',
  method: 'GET',
  path: '/api/projects',
  direction: 'request',
  location: `request.query.${name}`,
  message: 'is not a parameter of this operation',
});

/** Callers choose the property names a violation kind names: the report must not grow with them. */
describe('contract report: bounded memory', () => {
  const document = ContractDocument.load();

  it('keeps at most MAX_KINDS distinct kinds and counts the rest under one bucket', () => {
    const report = new ContractReport(document);
    const total = MAX_KINDS + 2000;
    for (let i = 0; i < total; i++) report.addViolations([unknownQuery(`a${i}`)]);
    const json = report.toJSON();
    expect(json.violationCount).toBe(total);
    expect(Object.keys(json.violationsByKind).length).toBeLessThanOrEqual(MAX_KINDS + 1);
    expect(json.violationsByKind[OTHER_KINDS]).toBe(2000);
    expect(json.violationsByKind['listProjects request request.query.a0']).toBe(1);
    // Counts stay exact in total.
    expect(Object.values(json.violationsByKind).reduce((a, b) => a + b, 0)).toBe(total);
    // A kind already kept is still counted on its own.
    report.addViolations([unknownQuery('a1')]);
    expect(report.toJSON().violationsByKind['listProjects request request.query.a1']).toBe(2);
  });

  it('keeps a bounded sample of violation records with caller text cut short', () => {
    const report = new ContractReport(document);
    const long = 'x'.repeat(100_000);
    for (let i = 0; i < MAX_KEPT_VIOLATIONS + 50; i++) {
      report.addViolations([{ ...unknownQuery(`${long}${i}`), path: `/api/${long}`, message: long }]);
    }
    const json = report.toJSON();
    expect(json.violations).toHaveLength(MAX_KEPT_VIOLATIONS);
    for (const record of json.violations) {
      expect(record.location.length).toBeLessThanOrEqual(MAX_TEXT + 1);
      expect(record.path.length).toBeLessThanOrEqual(MAX_TEXT + 1);
      expect(record.message.length).toBeLessThanOrEqual(MAX_TEXT + 1);
    }
    for (const kind of Object.keys(json.violationsByKind)) expect(kind.length).toBeLessThanOrEqual(MAX_TEXT + 1);
  });
});
