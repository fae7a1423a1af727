import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { expect } from 'vitest';
import { CONTRACT_FILE, REPO_ROOT } from '../../src/config.js';
import { signIn } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../identity/gateway.js';

export const ADA = 'ada@example.com';
export const GRACE = 'grace@example.com';
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/**
 * A small fixture folder in the format of fixtures/README.md: two projects for Ada (one that
 * fails in SYNTHESIS), one for Grace, one example, short stage logs and reports. The real
 * fixtures/users.yaml is copied so the identity provider has its users.
 */
export async function writeTestFixtures(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mock-api-fixtures-'));
  const put = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  };
  await cp(path.join(REPO_ROOT, 'fixtures/users.yaml'), path.join(dir, 'users.yaml'));
  await put(
    'build-configs.yaml',
    `os_versions: ["4.1.1", "4.0.0"]
hardware:
  - { id: mk-go, name: Moku Go, clock_mhz: 31.25, slots: [2, 3] }
  - { id: mk-pro, name: Moku Pro, clock_mhz: 312.5, slots: [4] }
targets:
  - { id: CustomInstrument, name: Custom Instrument, legacy: false, description: Current interface }
  - { id: CustomWrapper, name: Custom Wrapper, legacy: true, description: Legacy interface }
interpolation: { default: false, description: Interpolate outputs }
`,
  );
  await put(
    'projects/adder/project.yaml',
    `name: Adder
owners: [ada@example.com, grace@example.com]
config: { hardware: mk-pro, slots: 4, os_version: "4.1.1", target: CustomInstrument, interpolation: false }
created_days_ago: 30
updated_days_ago: 2
history: 4
`,
  );
  await put(
    'projects/adder/files/adder.vhd',
    'architecture rtl of CustomInstrument is\nbegin\n  OutputA <= InputA + InputB;\nend architecture;\n',
  );
  await put('projects/adder/files/top.xdc', '# constraints\n');
  await put(
    'projects/limiter/project.yaml',
    `name: Limiter
owners: [ada@example.com]
config: { hardware: mk-go, slots: 2, os_version: "4.0.0", target: CustomWrapper, interpolation: true }
created_days_ago: 10
updated_days_ago: 1
history: 2
build_error: { stage: SYNTHESIS, file: limiter.vhd, line: 27, message: 'syntax error near "end"' }
`,
  );
  await put('projects/limiter/files/limiter.vhd', 'architecture rtl of CustomWrapper is\nbegin\nend\n');
  await put(
    'projects/empty/project.yaml',
    `name: Empty
owners: [grace@example.com]
config: { hardware: mk-go, slots: 3, os_version: "4.1.1", target: CustomInstrument, interpolation: false }
created_days_ago: 5
updated_days_ago: 5
history: 0
`,
  );
  await put(
    'examples/moving-average/example.yaml',
    'name: Moving Average\ndescription: Averages InputA.\nlanguage: vhdl\n',
  );
  await put('examples/moving-average/files/moving_average.vhd', 'architecture rtl of CustomInstrument is begin end;\n');
  for (const stage of ['ip', 'synthesis', 'route', 'bitstream']) {
    const lines = [
      `==> Stage: ${stage.toUpperCase()}`,
      `INFO: ${stage} for {{project}} on {{hardware}} ({{slots}} slots, OS {{os_version}})`,
    ];
    for (let i = 0; i < 20; i++) lines.push(`INFO: [${stage} ${i}] step ${i} of build {{build_id}}`);
    lines.push(`INFO: reading /project/src/{{file}}`);
    await put(`build-logs/${stage}.log`, `${lines.join('\n')}\n`);
  }
  for (const report of ['summary', 'utilization', 'timing_summary', 'timing']) {
    await put(`artifacts/${report}.rpt`, `${report} report for {{project}} ({{build_id}}) on {{hardware}}\n`);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The contract, loaded the way a client would, to validate every response the mock sends. */
let contract: OpenAPIBackend | undefined;
async function loadChecker(): Promise<OpenAPIBackend> {
  if (!contract) {
    contract = new OpenAPIBackend({
      definition: CONTRACT_FILE,
      strict: true,
      // Response validators compile per operation on first use (all at once takes seconds).
      quick: true,
      ajvOpts: { allErrors: true, strict: false },
      customizeAjv: (ajv) => addFormats(ajv),
    });
    await contract.init();
  }
  return contract;
}

/** Operations the tests called, to check every one was exercised. */
export const exercised = new Set<string>();

/**
 * Checks a response against the contract: its status is one the operation declares, a JSON body
 * matches that status's schema, and other bodies have one of the declared content types.
 */
export async function expectMatchesContract(
  method: string,
  url: string,
  response: LightMyRequestResponse,
): Promise<void> {
  const checker = await loadChecker();
  const operation = checker.router.matchOperation({ method, path: url.split('?')[0]!, headers: {} });
  if (!operation) return; // not a contract path (404s are checked by the tests themselves)
  exercised.add(operation.operationId!);
  const declared = Object.keys(operation.responses ?? {});
  expect(declared, `${operation.operationId} declares status ${response.statusCode}`).toContain(
    String(response.statusCode),
  );
  if (response.statusCode === 204) {
    expect(response.body).toBe('');
    return;
  }
  const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!;
  const content =
    (operation.responses![String(response.statusCode)] as { content?: Record<string, unknown> }).content ?? {};
  expect(Object.keys(content), `${operation.operationId} ${response.statusCode} content type`).toContain(contentType);
  if (contentType === 'application/json') {
    const result = checker.validator.validateResponse(response.json(), operation, response.statusCode);
    expect(
      result.errors ?? [],
      `${operation.operationId} ${response.statusCode} body: ${response.body.slice(0, 300)}`,
    ).toEqual([]);
  }
}

export interface ApiCaller {
  (
    method: string,
    url: string,
    options?: { body?: unknown; text?: string; headers?: Record<string, string>; contentType?: string },
  ): Promise<LightMyRequestResponse>;
}

/** A caller bound to one set of credentials; every response is checked against the contract. */
export function caller(app: FastifyInstance, credentials: Record<string, string> = {}): ApiCaller {
  return async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...credentials, ...options.headers };
    const request: InjectOptions = { method: method as InjectOptions['method'], url, headers };
    if (options.body !== undefined) {
      request.payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.text !== undefined) {
      request.payload = options.text;
      headers['content-type'] = options.contentType ?? 'text/plain';
    }
    const response = await app.inject(request);
    await expectMatchesContract(method, url, response);
    return response;
  };
}

export interface TestGateway extends RunningGateway {
  fixturesDir: string;
  /** Signs a user in over real HTTP and returns a caller with their cookies. */
  as(email: string): Promise<ApiCaller>;
  /** A caller without credentials. */
  anonymous: ApiCaller;
  stop(): Promise<void>;
}

export async function startApiGateway(env: Record<string, string> = {}): Promise<TestGateway> {
  const fixtures = await writeTestFixtures();
  const gateway = await startGateway({ FIXTURES_DIR: fixtures.dir, MOCK_BUILD_STEP_MS: '5', ...env });
  return {
    ...gateway,
    fixturesDir: fixtures.dir,
    anonymous: caller(gateway.app),
    async as(email) {
      const signed = await signIn(gateway.baseUrl, email);
      return caller(gateway.app, { cookie: signed.cookieHeader });
    },
    async stop() {
      await gateway.close();
      await fixtures.remove();
    },
  };
}

/** A mock gateway with a user signed in over real HTTP: their cookie header and their first project's id. */
export async function startSignedInGateway(
  email = ADA,
  env: Record<string, string> = {},
): Promise<{ gateway: TestGateway; cookie: string; projectId: string }> {
  const gateway = await startApiGateway(env);
  const cookie = (await signIn(gateway.baseUrl, email)).cookieHeader;
  const projects = (await (await fetch(`${gateway.baseUrl}/api/projects`, { headers: { cookie } })).json()) as {
    id: string;
  }[];
  return { gateway, cookie, projectId: projects[0]!.id };
}

/** Polls until `check` returns a value (no fixed sleeps): builds move on the runner's timers. */
export async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
