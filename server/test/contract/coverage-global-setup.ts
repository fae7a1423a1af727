import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContractDocument } from '@cloud-compile/contract-checker';
import { readSuiteCoverage, SUITE_COVERAGE_DIR_ENV } from '../helpers/suite-coverage.js';

/**
 * Written by the mock scenario test (mock-contract.test.ts) when it ran against a mock that
 * answers: only then must the run have reached every operation. A partial run (one test file) or a
 * run before the mock API exists prints the table without failing.
 */
export const ENFORCE_MARKER = 'enforce-full-coverage';

/**
 * Vitest global setup for the server project: gives the mock-mode gateways of this run a folder to
 * record their /api responses in, and at the end prints the coverage of operations and statuses
 * as a table, failing the run when the full suite left an operation unexercised.
 */
export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-coverage-'));
  process.env[SUITE_COVERAGE_DIR_ENV] = dir;
  return () => {
    try {
      const document = ContractDocument.load();
      const coverage = readSuiteCoverage(dir);
      const enforce = fs.existsSync(path.join(dir, ENFORCE_MARKER));
      // A run that started no mock gateway (one unrelated file) has nothing to show.
      if (Object.keys(coverage.toJSON()).length > 0 || enforce) {
        process.stdout.write(
          `\nContract coverage of the test suite against the mock (server/test/contract):\n${coverage.table(document)}\n`,
        );
      }
      const missing = coverage.missingOperations(document);
      if (enforce && missing.length > 0) {
        // Vitest reports an error thrown here but still exits 0, so set the exit code as well.
        process.exitCode = 1;
        throw new Error(`The test suite never exercised these operations against the mock: ${missing.join(', ')}`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
