import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ContractDocument, Coverage } from '@cloud-compile/contract-checker';

/**
 * Set by the server test suite's global setup (test/contract/coverage-global-setup.ts): a folder
 * where every mock-mode gateway the tests start (helpers/gateway.ts) appends the operation and
 * status of each /api response it answers. Unset, nothing is recorded.
 */
export const SUITE_COVERAGE_DIR_ENV = 'CONTRACT_COVERAGE_DIR';

/** Records which operations (and statuses) this mock-mode gateway answers during a test run. */
export function recordSuiteCoverage(app: FastifyInstance): void {
  const dir = process.env[SUITE_COVERAGE_DIR_ENV];
  if (!dir || app.config.mode !== 'mock') return;
  const document = ContractDocument.load();
  // One file per gateway: appends never interleave across test workers.
  const file = path.join(dir, `responses-${process.pid}-${randomUUID()}.jsonl`);
  app.addHook('onResponse', async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (!pathname.startsWith('/api/')) return;
    const matched = document.match(request.method, pathname);
    if (!matched) return;
    fs.appendFileSync(
      file,
      `${JSON.stringify({ operation: matched.operation.operationId, status: reply.statusCode })}\n`,
    );
  });
}

/** Merges what the gateways of a test run wrote. */
export function readSuiteCoverage(dir: string): Coverage {
  const coverage = new Coverage();
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.jsonl')) continue;
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      const { operation, status } = JSON.parse(line) as { operation: string; status: number };
      coverage.record(operation, status);
    }
  }
  return coverage;
}
