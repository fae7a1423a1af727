import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxRegistry } from '../store/registry.js';
import type { MockControls } from './controls.js';

export interface MockAdminOptions {
  token: string;
  registry: SandboxRegistry;
  controls: MockControls;
  /** The contract's operations: latency and faults must name one of them (or `*`). */
  operationIds: readonly string[];
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** FastAPI's 422 detail list from zod issues. */
function validationDetail(error: z.ZodError) {
  return error.issues.map((issue) => ({
    loc: ['body', ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: issue.message,
    type: issue.code,
  }));
}

/**
 * The mock's admin API, outside /api and outside the contract, for front-end resilience tests:
 * reset state, set per-operation latency, inject faults. Exists only when ADMIN_TOKEN is set;
 * every call needs `Authorization: Bearer <ADMIN_TOKEN>`.
 */
export default async function adminRoutes(app: FastifyInstance, options: MockAdminOptions) {
  const { registry, controls } = options;
  const expected = digest(options.token);
  const operationId = z.string().refine((id) => id === '*' || options.operationIds.includes(id), {
    message: 'must be an operationId of the contract or *',
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    // Compare digests in constant time, so the token cannot be guessed byte by byte.
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      return reply.status(401).send({ detail: 'Admin token missing or wrong' });
    }
  });

  const parse = <T>(schema: z.ZodType<T>, body: unknown) => schema.safeParse(body ?? {});

  app.get('/mock-admin/controls', async () => controls.snapshot());

  const resetBody = z.object({ email: z.email().optional() }).strict();
  app.post('/mock-admin/reset', async (request, reply) => {
    const parsed = parse(resetBody, request.body);
    if (!parsed.success) return reply.status(422).send({ detail: validationDetail(parsed.error) });
    const dropped = registry.reset(parsed.data.email);
    // A full reset also puts latency and faults back; resetting one user leaves them for the others.
    if (!parsed.data.email) {
      controls.clearLatency();
      controls.clearFaults();
    }
    return { reset: dropped };
  });

  const latencyBody = z
    .object({ operationId: operationId.default('*'), ms: z.number().int().min(0).max(60_000) })
    .strict();
  app.put('/mock-admin/latency', async (request, reply) => {
    const parsed = parse(latencyBody, request.body);
    if (!parsed.success) return reply.status(422).send({ detail: validationDetail(parsed.error) });
    controls.setLatency(parsed.data.operationId, parsed.data.ms);
    return controls.snapshot();
  });
  app.delete('/mock-admin/latency', async () => {
    controls.clearLatency();
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
    if (!parsed.success) return reply.status(422).send({ detail: validationDetail(parsed.error) });
    const { times, ...fault } = parsed.data;
    controls.addFault({ ...fault, remaining: times ?? null });
    return reply.status(201).send(controls.snapshot());
  });
  app.delete('/mock-admin/faults', async () => {
    controls.clearFaults();
    return controls.snapshot();
  });
}
