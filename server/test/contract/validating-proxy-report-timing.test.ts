import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidatingProxy } from '../../src/proxy/validating-proxy.js';
import type { UpstreamResponse } from '../../src/proxy/forward.js';

// VALIDATE=report must never slow traffic: the request goes upstream before its check runs, and the check
// has still run by the time the answer is checked (the answer's check needs the request's operation).
// Over HTTP both orders look the same, so the proxy's hooks are called here as Fastify calls them.

/** A request that breaks the contract: listProjects with a query value of the wrong type. */
function violatingRequest(): FastifyRequest {
  const warnings: unknown[] = [];
  return {
    method: 'GET',
    url: '/api/projects?limit=many',
    headers: {},
    body: undefined,
    log: { warn: (entry: unknown) => warnings.push(entry) },
  } as unknown as FastifyRequest;
}

const reply = { send: () => undefined, removeHeader: () => undefined } as unknown as FastifyReply;
const answer: UpstreamResponse = {
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  whole: Buffer.from('[]'),
} as unknown as UpstreamResponse;

describe('VALIDATE=report checks a request off its path', () => {
  it('lets the request go before checking it, and checks it on the next turn of the event loop', async () => {
    const proxy = new ValidatingProxy({ mode: 'report' });
    expect(proxy.preHandler(violatingRequest(), reply)).toBeUndefined(); // synchronous: nothing to wait for
    expect(proxy.report.toJSON().violations).toEqual([]);
    await new Promise((done) => setImmediate(done));
    expect(proxy.report.toJSON().violations.map((v) => v.location)).toContain('request.query.limit');
  });

  it('has checked the request by the time its answer is checked, however soon the answer comes', () => {
    const proxy = new ValidatingProxy({ mode: 'report' });
    const request = violatingRequest();
    void proxy.preHandler(request, reply);
    proxy.onResponse(request, reply, answer);
    const violations = proxy.report.toJSON().violations;
    expect(violations.map((v) => v.location)).toContain('request.query.limit');
  });

  it('strict still checks before the request leaves (it may refuse it)', () => {
    const proxy = new ValidatingProxy({ mode: 'strict' });
    const sent: unknown[] = [];
    const strictReply = {
      code: () => strictReply,
      status: () => strictReply,
      header: () => strictReply,
      type: () => strictReply,
      send: (body: unknown) => (sent.push(body), strictReply),
    } as unknown as FastifyReply;
    void proxy.preHandler(violatingRequest(), strictReply);
    expect(sent).toHaveLength(1); // the 422, before anything went upstream
    expect(proxy.report.toJSON().violations.map((v) => v.location)).toContain('request.query.limit');
  });
});
