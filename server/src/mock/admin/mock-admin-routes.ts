import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendValidationError, type ValidationIssue } from '../../errors.js';
import { registerAdminRoutes } from '../../plugins/admin.js';
import type { SandboxRegistry } from '../store/registry.js';
import type { MockControls } from './controls.js';

export interface MockAdminOptions {
  registry: SandboxRegistry;
  controls: MockControls;
  /** The contract's operations: latency and faults must name one of them (or `*`). */
  operationIds: readonly string[];
}

/** FastAPI's 422 detail list from zod issues. */
function validationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: ['body', ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: issue.message,
    type: issue.code,
  }));
}

/**
 * The mock's admin routes (/mock-admin), for front-end resilience tests: reset state, set
 * per-operation latency, inject faults. Admin routes (plugins/admin.ts): they need the admin
 * token, and exist only when ADMIN_TOKEN is set.
 */
export default async function mockAdminRoutes(app: FastifyInstance, options: MockAdminOptions) {
  await registerAdminRoutes(app, (admin) => routes(admin, options));
}

function routes(app: FastifyInstance, options: MockAdminOptions) {
  const { registry, controls } = options;
  const operationId = z.string().refine((id) => id === '*' || options.operationIds.includes(id), {
    message: 'must be an operationId of the contract or *',
  });

  const parse = <T>(schema: z.ZodType<T>, body: unknown) => schema.safeParse(body ?? {});

  app.get('/mock-admin/controls', async () => controls.snapshot());

  const resetBody = z.object({ email: z.email().optional() }).strict();
  app.post('/mock-admin/reset', async (request, reply) => {
    const parsed = parse(resetBody, request.body);
    if (!parsed.success) return sendValidationError(reply, validationIssues(parsed.error));
    const dropped = await registry.reset(parsed.data.email);
    // A full reset also puts latency and faults back; resetting one user leaves them for the others.
    if (!parsed.data.email) {
      await controls.clearLatency();
      await controls.clearFaults();
    }
    return { reset: dropped };
  });

  const latencyBody = z
    .object({ operationId: operationId.default('*'), ms: z.number().int().min(0).max(60_000) })
    .strict();
  app.put('/mock-admin/latency', async (request, reply) => {
    const parsed = parse(latencyBody, request.body);
    if (!parsed.success) return sendValidationError(reply, validationIssues(parsed.error));
    await controls.setLatency(parsed.data.operationId, parsed.data.ms);
    return controls.snapshot();
  });
  app.delete('/mock-admin/latency', async () => {
    await controls.clearLatency();
    return controls.snapshot();
  });

  const faultBody = z
    .object({
      operationId: operationId.default('*'),
      status: z.number().int().min(400).max(599).default(500),
      detail: z.string().min(1).max(500).default('Injected fault'),
      drop: z.boolean().default(false),
      times: z.number().int().min(1).optional(),
    })
    .strict();
  app.post('/mock-admin/faults', async (request, reply) => {
    const parsed = parse(faultBody, request.body);
    if (!parsed.success) return sendValidationError(reply, validationIssues(parsed.error));
    const { times, ...fault } = parsed.data;
    await controls.addFault({ ...fault, remaining: times ?? null });
    return reply.status(201).send(await controls.snapshot());
  });
  app.delete('/mock-admin/faults', async () => {
    await controls.clearFaults();
    return controls.snapshot();
  });
}
