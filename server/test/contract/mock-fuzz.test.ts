import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContractDocument,
  type ContractOperation,
  ContractValidator,
  mediaTypeOf,
} from '@cloud-compile/contract-checker';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';
import { signIn } from '../helpers/sign-in.js';
import { type Auth, type Draft, learn, linkBodyToProject, pick, pools, type PathValue, urlOf } from './known-ids.js';
import { SchemaArbitraries, junkText } from './schema-arbitraries.js';

/**
 * A schema-driven fuzz test of the mock over real HTTP (one listening gateway, keep-alive): random
 * valid and invalid requests to every operation of openapi/openapi.json, with arbitraries derived
 * from the document. Every answer is below 500 and valid against the contract (status documented,
 * content type, body schema); every request the contract refuses gets a 4xx (a 422 detail list, or
 * 415 for a body type the operation does not take). A fixed seed keeps CI repeatable; FUZZ_RUNS and
 * FUZZ_SEED run it bigger or elsewhere, e.g. `FUZZ_RUNS=20000 npx vitest run server/test/contract/mock-fuzz.test.ts`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);

const document = ContractDocument.load();
const validator = new ContractValidator(document);
const schemas = new SchemaArbitraries(document.components);

function pathValueArbitrary(operation: ContractOperation, name: string): fc.Arbitrary<PathValue> {
  const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)!.schema;
  // An empty segment, '.' or '..' would be another URL altogether (no operation), not a bad parameter.
  const raw = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary
      .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
      .filter((v) => !['', '.', '..'].includes(v))
      .map((v) => ({ raw: v }));
  if (schema.type === 'integer') return fc.oneof(raw(fc.integer({ min: -3, max: 4 })), raw(junkText));
  return fc.oneof(
    { weight: 6, arbitrary: fc.nat().map((known) => ({ known })) },
    { weight: 1, arbitrary: raw(schemas.validString(schema)) },
    { weight: 1, arbitrary: raw(schemas.invalid(schema)) },
    { weight: 1, arbitrary: raw(junkText) },
  );
}

function queryArbitrary(operation: ContractOperation): fc.Arbitrary<[string, string][]> {
  const parameters = operation.parameters.filter((p) => p.in === 'query');
  const each = parameters.map((parameter) =>
    fc
      .option(
        fc.oneof(
          { weight: 4, arbitrary: schemas.valid(parameter.schema).map(String) },
          // Signal ids only a simulation knows (simulationSignals lists s0, s1 …): some requests reach them.
          { weight: parameter.name === 'signals' ? 4 : 0, arbitrary: fc.constantFrom('s0', 's0,s1', 's1,s2,s3') },
          {
            weight: 1,
            arbitrary: schemas.invalid(parameter.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
          },
          { weight: 1, arbitrary: junkText },
        ),
        { freq: parameter.required ? 8 : 2 },
      )
      .map((value): [string, string][] => (value === null ? [] : [[parameter.name, value]])),
  );
  return fc.tuple(...each).map((lists) => lists.flat());
}

/**
 * A SimulationStart the schema allows is mostly one the mock refuses (fields of both kinds, changes
 * after the end): this one keeps the stimulus fields, short (a long run is the hostile tests' subject).
 */
function coherentStimulus(body: Record<string, unknown>): Record<string, unknown> {
  const cycles = Math.min(Number(body.duration_cycles ?? 100), 2000);
  const early = (changes: unknown) =>
    ((changes as { at_cycle?: number }[] | undefined) ?? []).filter((c) => (c.at_cycle ?? 0) < cycles);
  return {
    kind: 'stimulus',
    duration_cycles: cycles,
    inputs: body.inputs,
    controls: early(body.controls),
    reset: early(body.reset),
    ext_trig: early(body.ext_trig),
  };
}

function bodyArbitrary(operation: ContractOperation): fc.Arbitrary<Draft['body']> {
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const contentType = (right: string) =>
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(right, `${right}; charset=utf-8`) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('text/plain', 'application/json', 'application/x-www-form-urlencoded', 'application/xml')
          .filter((t) => t !== right),
      },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  if (json) {
    // Ids only the mock knows (an example to copy, a configuration it offers) come from what it has shown.
    const withKnownValues = fc
      .tuple(schemas.valid(json), fc.nat(), fc.boolean(), fc.boolean())
      .map(([value, index, useExample, useConfig]) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
        const known: Record<string, unknown> = { ...(value as Record<string, unknown>) };
        if ('example' in known && useExample) known.example = pick(pools.example, index) ?? known.example;
        if ('config' in known && useConfig) known.config = pick(pools.config, index) ?? known.config;
        if ('hardware' in known && useConfig) Object.assign(known, pick(pools.config, index));
        if (known.kind === 'stimulus' && useExample) return coherentStimulus(known);
        return known;
      });
    const text = fc.oneof(
      { weight: 5, arbitrary: withKnownValues.map((v) => JSON.stringify(v)) },
      { weight: 3, arbitrary: schemas.invalid(json).map((v) => JSON.stringify(v)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '{',
          '{"name": ',
          'null',
          '"just text"',
          '[1,2]',
          '{"name":"a","name":"b"}',
          '\u0000',
        ),
      },
    );
    return fc
      .option(fc.record({ contentType: contentType('application/json'), text }), { freq: 8 })
      .map((b) => b ?? undefined);
  }
  if (content['text/plain']) {
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.constantFrom('', 'x'.repeat(5000)));
    return fc
      .option(fc.record({ contentType: contentType('text/plain'), text }), { freq: 8 })
      .map((b) => b ?? undefined);
  }
  // An operation that takes no body: now and then send one anyway (it is ignored); fetch sends none with a GET.
  if (operation.method === 'GET') return fc.constant(undefined);
  return fc
    .option(fc.record({ contentType: fc.constant('text/plain'), text: junkText }), { freq: 8 })
    .map((b) => b ?? undefined);
}

/** Deletions are drawn less often, so the data the other operations work on lives a while. */
const operationArbitrary = fc.oneof(
  ...document.operations.map((operation) => ({
    weight: operation.method === 'DELETE' ? 1 : 4,
    arbitrary: fc.constant(operation),
  })),
);

const draftArbitrary: fc.Arbitrary<Draft> = operationArbitrary.chain((operation) => {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return fc.record({
    operation: fc.constant(operation),
    path: fc
      .tuple(...names.map((name) => pathValueArbitrary(operation, name)))
      .map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]!]))),
    query: queryArbitrary(operation),
    body: bodyArbitrary(operation),
    auth: fc.oneof(
      { weight: 12, arbitrary: fc.constant<Auth>('cookie') },
      { weight: 1, arbitrary: fc.constantFrom<Auth>('none', 'readKey', 'bogusKey') },
    ),
  });
});

/** Request findings the mock may rightly ignore, as FastAPI does: unknown query parameters, a body nobody asked for. */
const IGNORED = ['is not a documented query parameter', 'this operation takes no request body'];

describe('fuzzing the mock from the contract', () => {
  let gateway: TestGateway;
  let cookie: string;
  let readKey: string;
  const statuses = new Map<string, Set<number>>();

  beforeAll(async () => {
    gateway = await startApiGateway({ MOCK_BUILD_STEP_MS: '2', MOCK_SIGN_IN_RATE_LIMIT: '1000' });
    cookie = (await signIn(gateway.baseUrl, ADA)).cookieHeader;
    const key = await fetch(`${gateway.baseUrl}/api/api-keys`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'fuzz', scopes: ['projects:read', 'builds:read'] }),
    });
    readKey = ((await key.json()) as { key: string }).key;
    for (const [operationId, path] of [
      ['listProjects', '/api/projects'],
      ['listApiKeys', '/api/api-keys'],
      ['listExamples', '/api/examples'],
    ] as const) {
      learn(operationId, path, await (await fetch(`${gateway.baseUrl}${path}`, { headers: { cookie } })).json());
    }
    for (const projectId of [...pools.project_id]) {
      for (const [operationId, suffix] of [
        ['getProjectFiles', 'files'],
        ['projectBuilds', 'builds'],
      ] as const) {
        const path = `/api/projects/${projectId}/${suffix}`;
        learn(operationId, path, await (await fetch(`${gateway.baseUrl}${path}`, { headers: { cookie } })).json());
      }
    }
  });
  afterAll(() => gateway.stop());

  it(
    `${RUNS} random requests across every operation: no 5xx, answers match the contract, invalid requests get a 4xx`,
    { timeout: 600_000 },
    async () => {
      const headersFor = (draft: Draft): Record<string, string> => {
        const headers: Record<string, string> = {};
        if (draft.auth === 'cookie') headers.cookie = cookie;
        if (draft.auth === 'readKey') headers.authorization = `Bearer ${readKey}`;
        if (draft.auth === 'bogusKey') headers.authorization = 'Bearer cc_not-a-real-key';
        if (draft.body?.contentType) headers['content-type'] = draft.body.contentType;
        return headers;
      };
      await fc.assert(
        fc.asyncProperty(draftArbitrary, async (draft) => {
          const url = urlOf(draft);
          draft = { ...draft, body: linkBodyToProject(draft, url) };
          const method = draft.operation.method;
          const headers = headersFor(draft);
          const bytes = draft.body ? Buffer.from(draft.body.text) : Buffer.alloc(0);
          // A Uint8Array body: fetch adds no Content-Type of its own.
          const response = await fetch(`${gateway.baseUrl}${url}`, {
            method,
            headers,
            body: draft.body ? new Uint8Array(bytes) : undefined,
          });
          const responseBytes = Buffer.from(await response.arrayBuffer());
          const what = `${method} ${url} [${draft.auth}${draft.body ? `, ${draft.body.contentType ?? 'no type'}: ${draft.body.text.slice(0, 80)}` : ''}] → ${response.status} ${responseBytes.toString('utf8', 0, 300)}`;
          expect(response.status, what).toBeLessThan(500);

          const request = validator.checkRequest({ method, url, headers, body: { kind: 'complete', bytes } });
          const operation = request.operation;
          expect(operation?.operationId, what).toBe(draft.operation.operationId);
          const problems = validator.checkResponse(operation!, method, request.path, {
            status: response.status,
            contentType: response.headers.get('content-type') ?? undefined,
            body: { kind: 'complete', bytes: responseBytes },
          });
          expect(
            problems.map((p) => `${p.location}: ${p.message}`),
            what,
          ).toEqual([]);

          const invalid = request.violations.filter(
            (v) =>
              !IGNORED.some((ignored) => v.message.includes(ignored)) &&
              // An empty text/plain body is an empty file: the mock saves it (the editor can empty a file).
              !(draft.body?.contentType && v.location === 'request.body' && v.message === 'is required'),
          );
          if (invalid.length > 0 && draft.auth === 'cookie') {
            const wrongType = invalid.some((v) => v.location === 'request.header.content-type');
            expect(
              response.status,
              `${what}\nrefused by the contract: ${invalid.map((v) => `${v.location} ${v.message}`).join('; ')}`,
            ).toBe(wrongType ? 415 : 422);
            if (response.status === 422) {
              const detail = (JSON.parse(responseBytes.toString('utf8')) as { detail: unknown }).detail;
              expect(Array.isArray(detail) && detail.length > 0, what).toBe(true);
            }
          }
          if (
            response.ok &&
            mediaTypeOf(response.headers.get('content-type') ?? undefined) === 'application/json' &&
            responseBytes.length
          ) {
            learn(draft.operation.operationId, url, JSON.parse(responseBytes.toString('utf8')));
          }
          const seen = statuses.get(draft.operation.operationId) ?? new Set<number>();
          seen.add(response.status);
          statuses.set(draft.operation.operationId, seen);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // The run reached every operation, and each with a success as well as a refusal.
      for (const operation of document.operations) {
        const seen = [...(statuses.get(operation.operationId) ?? [])];
        expect(seen.length, `${operation.operationId} was never called`).toBeGreaterThan(0);
      }
      // Operations whose success needs a chain random requests rarely complete: a cancel needs an
      // unfinished build or simulation; a configuration change a combination the mock offers; a
      // simulation's reads a started run of a project with a top-level design. (A draft check's file
      // is linked to its project above, so checkDraft must succeed here too.) Their successes are
      // proven where they are built deliberately: mock-contract.test.ts (every operation, statuses as
      // documented) and server/test/simulations/. Here they must still answer every request without a 5xx.
      const chained = new Set([
        'cancelBuild',
        'cancelSimulation',
        'updateProjectConfig',
        'startSimulation',
        'simulationDetails',
        'getSimulationLog',
        'simulationSignals',
        'getWaveform',
        'downloadWaveform',
        'downloadStimulus',
      ]);
      const neverSucceeded = document.operations
        .filter((o) => ![...(statuses.get(o.operationId) ?? [])].some((s) => s < 300))
        .map((o) => o.operationId);
      expect(neverSucceeded.filter((id) => !chained.has(id))).toEqual([]);
    },
  );
});
