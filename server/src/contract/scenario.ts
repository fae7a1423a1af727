import { Coverage } from './coverage.js';
import { ContractDocument } from './document.js';
import type { Call, CallOptions, CallResult, Skip, StepResult } from './scenario-call.js';
import { SIMULATION_OPERATIONS, simulationSteps } from './simulation-scenario.js';
import { ContractValidator, isJsonMediaType, mediaTypeOf, type BodySample, type Violation } from './validator.js';

/** Response bodies the scenario reads whole; artifacts beyond this are judged by their head. */
const READ_CAP_BYTES = 8 * 1024 * 1024;

export interface ScenarioOptions {
  /** Origin of the API (the gateway or the compile API itself), e.g. https://compile.example.com */
  baseUrl: string;
  /** An API key, sent as Authorization: Bearer <key>. */
  apiKey?: string;
  /** A Cookie header with a signed-in session (app.at=…), for the operations keys cannot use. */
  cookie?: string;
  document?: ContractDocument;
  /**
   * Longest one step may take, its answer's body included (default {@link STEP_TIMEOUT_MS}): a server
   * that stops answering mid-way fails that step, rather than hanging the CI job that runs the check.
   */
  timeoutMs?: number;
}

export const STEP_TIMEOUT_MS = 30_000;

export type { StepOutcome, StepResult } from './scenario-call.js';

export interface ScenarioResult {
  steps: StepResult[];
  violations: Violation[];
  failed: number;
  coverage: Coverage;
  document: ContractDocument;
}

/** Marks a step failed for a reason of the scenario's own (a wrong value, not a schema error). */
function failStep(result: CallResult | undefined, note: string): void {
  if (!result) return;
  result.step.outcome = 'fail';
  result.step.note = note;
}

/**
 * A safe run against a live API: reads; create → read back → update → delete on a scratch project
 * (deleted at the end even when a step fails); queue and cancel a build; negative cases (invalid
 * input must give a 422 detail list, no credentials a 401). Every response is checked against the
 * document. Nothing outside the scratch project and the scratch API key is changed.
 */
export async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const document = options.document ?? ContractDocument.load();
  const validator = new ContractValidator(document);
  const coverage = new Coverage();
  const steps: StepResult[] = [];
  const base = options.baseUrl.replace(/\/$/, '');
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);

  const credentials = (auth: CallOptions['auth']): Record<string, string> => {
    if (auth === 'none') return {};
    if (auth === 'bogus-key') return { authorization: 'Bearer contract-check-not-a-key' };
    const headers: Record<string, string> = {};
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    if (options.cookie) headers.cookie = options.cookie;
    return headers;
  };

  /** One call: expected statuses are the scenario's; the contract check is the document's. */
  const call = async (step: string, operationId: string, call: CallOptions): Promise<CallResult | undefined> => {
    const operation = document.operation(operationId);
    if (!operation) throw new Error(`the document has no operation ${operationId}`);
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(call.params?.[name] ?? ''),
    );
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...credentials(call.auth) };
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.text !== undefined) {
      headers['content-type'] = 'text/plain; charset=utf-8';
      body = call.text;
    }
    const result: StepResult = {
      step,
      operation: operationId,
      method: operation.method,
      path,
      expected: call.expect,
      outcome: 'pass',
      violations: [],
    };
    steps.push(result);
    const timeoutMs = options.timeoutMs ?? STEP_TIMEOUT_MS;
    const signal = AbortSignal.timeout(timeoutMs);
    const failed = (error: unknown, what: string) => {
      result.outcome = 'fail';
      result.note = signal.aborted
        ? `${what} took longer than ${timeoutMs} ms`
        : `${what} failed: ${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`;
      return undefined;
    };
    let response: Response;
    try {
      response = await fetch(url, { method: operation.method, headers, body, redirect: 'manual', signal });
    } catch (error) {
      return failed(error, 'request');
    }
    result.status = response.status;
    coverage.record(operationId, response.status);
    const contentType = response.headers.get('content-type') ?? undefined;
    let sample: BodySample;
    try {
      sample = await readSample(response);
    } catch (error) {
      return failed(error, 'reading the answer');
    }
    result.violations = validator.checkResponse(operation, operation.method, path, {
      status: response.status,
      contentType,
      body: sample,
    });
    if (!call.expect.includes(response.status)) {
      result.outcome = 'fail';
      result.note = `expected ${call.expect.join(' or ')}, got ${response.status}`;
    } else if (result.violations.length > 0) {
      result.outcome = 'fail';
    }
    let parsed: unknown;
    if (sample.kind === 'complete' && isJsonMediaType(mediaTypeOf(contentType))) {
      try {
        parsed = JSON.parse(sample.bytes.toString('utf8'));
      } catch {
        parsed = undefined;
      }
    } else if (sample.kind === 'complete') {
      parsed = sample.bytes.toString('utf8');
    }
    return { status: response.status, body: parsed, step: result };
  };

  const ok = (result: CallResult | undefined, status: number) => result?.status === status;
  const skip = (step: string, operationId: string, note: string) => {
    const operation = document.operation(operationId)!;
    steps.push({
      step,
      operation: operationId,
      method: operation.method,
      path: operation.path,
      expected: [],
      outcome: 'skip',
      note,
      violations: [],
    });
  };
  const expectDetailList = (result: CallResult | undefined) => {
    const detail = (result?.body as { detail?: unknown } | undefined)?.detail;
    if (result?.status === 422 && (!Array.isArray(detail) || detail.length === 0))
      failStep(result, 'a 422 must carry a non-empty detail list');
  };
  const sessionOnly = !options.cookie;

  // Negative: credentials.
  await call('no credentials', 'listProjects', { auth: 'none', expect: [401] });
  await call('unknown API key', 'listProjects', { auth: 'bogus-key', expect: [401] });

  // Reads.
  const projects = await call('list projects', 'listProjects', { expect: [200] });
  const configs = await call('read build configurations', 'buildConfigs', { expect: [200] });
  await call('list examples', 'listExamples', { expect: [200] });

  // Negative: invalid input gives a 422 detail list.
  expectDetailList(
    await call('create project with an empty name', 'createProject', { json: { name: '' }, expect: [422] }),
  );
  expectDetailList(
    await call('accept terms with a non-numeric version', 'updateTerms', {
      params: { tos_version: 'not-a-number' },
      expect: sessionOnly ? [401, 403, 422] : [422],
    }),
  );

  // The scratch project: create → read back → update → … → delete.
  const name = `contract-check-${stamp}`;
  const created = await call('create scratch project', 'createProject', { json: { name }, expect: [201] });
  const projectId = ok(created, 201) ? (created!.body as { id?: string }).id : undefined;
  try {
    if (!projectId) {
      for (const op of [
        'getProject',
        'renameProject',
        'updateProjectConfig',
        'createFile',
        'getProjectFiles',
        'getFile',
        'updateFile',
        'renameFile',
        'deleteFile',
        'getLatestBuild',
        'newProjectBuild',
        'projectBuilds',
        'buildDetails',
        'getBuildLog',
        'cancelBuild',
        ...SIMULATION_OPERATIONS,
        'deleteProject',
      ]) {
        skip('(needs the scratch project)', op, 'the scratch project could not be created');
      }
    } else {
      await scratchProject(call, skip, expectDetailList, projectId, name, configs?.body);
    }
  } finally {
    if (projectId) {
      await call('delete scratch project', 'deleteProject', { params: { project_id: projectId }, expect: [204] });
      await call('deleted project is gone', 'getProject', { params: { project_id: projectId }, expect: [404] });
    }
  }

  // An artifact of an existing finished build, when the account has one; else a documented 404.
  const withArtifact = Array.isArray(projects?.body)
    ? (projects.body as { latest_build?: { id: string; artifacts?: { name: string }[] } | null }[])
        .map((p) => p.latest_build)
        .find((build) => build?.artifacts && build.artifacts.length > 0)
    : undefined;
  if (withArtifact) {
    await call('download an artifact', 'getArtifact', {
      params: { build_id: withArtifact.id, artifact_name: withArtifact.artifacts![0]!.name },
      expect: [200],
    });
  } else {
    await call('download a missing artifact', 'getArtifact', {
      params: { build_id: 'contract-check-none', artifact_name: 'summary.rpt' },
      expect: [404],
    });
  }

  // API keys need a signed-in session; an API key must not manage keys.
  if (options.cookie) {
    await call('list API keys', 'listApiKeys', { expect: [200] });
    expectDetailList(
      await call('create API key without scopes', 'createApiKey', {
        json: { name: 'contract-check', scopes: [] },
        expect: [422],
      }),
    );
    const key = await call('create scratch API key', 'createApiKey', {
      json: { name: `contract-check-${stamp}`, scopes: ['projects:read'] },
      expect: [201],
    });
    const keyId = ok(key, 201) ? (key!.body as { id?: string }).id : undefined;
    if (keyId) await call('delete scratch API key', 'deleteApiKey', { params: { key_id: keyId }, expect: [204] });
    else skip('delete scratch API key', 'deleteApiKey', 'the scratch key could not be created');
  } else {
    await call('an API key cannot list keys', 'listApiKeys', { expect: [401, 403] });
  }

  const violations = steps.flatMap((s) => s.violations);
  return { steps, violations, failed: steps.filter((s) => s.outcome === 'fail').length, coverage, document };
}

async function scratchProject(
  call: Call,
  skip: Skip,
  expectDetailList: (result: CallResult | undefined) => void,
  projectId: string,
  name: string,
  configOptions: unknown,
): Promise<void> {
  const project = { project_id: projectId };
  const readBack = await call('read scratch project back', 'getProject', { params: project, expect: [200] });
  if (readBack?.status === 200 && (readBack.body as { name?: string }).name !== name)
    failStep(readBack, `read back a different name than ${name}`);
  await call('rename scratch project', 'renameProject', {
    params: project,
    json: { name: `${name}-renamed` },
    expect: [200],
  });

  const config = configFrom(configOptions);
  if (config)
    await call('update build configuration', 'updateProjectConfig', { params: project, json: config, expect: [200] });
  else skip('update build configuration', 'updateProjectConfig', 'buildConfigs gave no usable option');

  const file = { ...project, name: 'contract_check.vhd' };
  // Kept until the build is queued: a project without a top-level design is refused (422).
  let scratchFile: typeof file | undefined;
  const content =
    '-- written by the contract check\narchitecture Behavioural of CustomInstrument is\nbegin\nend architecture;\n';
  const createdFile = await call('create file', 'createFile', { params: file, text: content, expect: [201] });
  await call('list files', 'getProjectFiles', { params: project, expect: [200] });
  if (createdFile?.status === 201) {
    const readFile = await call('read file back', 'getFile', { params: file, expect: [200] });
    if (readFile?.status === 200 && (readFile.body as { content?: string }).content !== content)
      failStep(readFile, 'read back different content');
    await call('save file', 'updateFile', { params: file, text: `${content}-- saved\n`, expect: [200] });
    expectDetailList(await call('rename file without a new name', 'renameFile', { params: file, expect: [422] }));
    const renamed = await call('rename file', 'renameFile', {
      params: file,
      query: { new_name: 'contract_check_renamed.vhd' },
      expect: [200],
    });
    scratchFile = renamed?.status === 200 ? { ...project, name: 'contract_check_renamed.vhd' } : file;
  } else {
    for (const op of ['getFile', 'updateFile', 'renameFile', 'deleteFile'])
      skip('(needs the scratch file)', op, 'the file could not be created');
  }

  await call('latest build of a new project', 'getLatestBuild', { params: project, expect: [200] });
  const build = await call('queue a build', 'newProjectBuild', { params: project, expect: [201] });
  const buildId = build?.status === 201 ? (build.body as { id?: string }).id : undefined;
  await call('list builds', 'projectBuilds', { params: project, expect: [200] });
  if (buildId) {
    await call('build details', 'buildDetails', { params: { build_id: buildId }, expect: [200] });
    await call('build log', 'getBuildLog', { params: { build_id: buildId }, expect: [200] });
    // 409 is documented for a build that finished before the cancel arrived.
    await call('cancel the build', 'cancelBuild', { params: { build_id: buildId }, expect: [200, 409] });
  } else {
    for (const op of ['buildDetails', 'getBuildLog', 'cancelBuild'])
      skip('(needs the queued build)', op, 'the build could not be queued');
  }
  await simulationSteps(call, skip, project);
  if (scratchFile) await call('delete file', 'deleteFile', { params: scratchFile, expect: [204] });
}

/** The first non-legacy option of each kind: a configuration the API itself offers. */
function configFrom(options: unknown): Record<string, unknown> | undefined {
  const o = options as
    | {
        os_versions?: string[];
        hardware?: { id: string; slots?: number[] }[];
        targets?: { id: string; legacy?: boolean }[];
        interpolation?: { default?: boolean };
      }
    | undefined;
  const hardware = o?.hardware?.[0];
  const target = o?.targets?.find((t) => !t.legacy) ?? o?.targets?.[0];
  const osVersion = o?.os_versions?.[0];
  if (!hardware || !target || !osVersion) return undefined;
  return {
    hardware: hardware.id,
    slots: hardware.slots?.[0] ?? 1,
    os_version: osVersion,
    target: target.id,
    interpolation: o?.interpolation?.default ?? false,
  };
}

/** Reads a body up to the cap; beyond it the rest is left unread (big artifacts: judged by their head). */
async function readSample(response: Response): Promise<BodySample> {
  if (!response.body) return { kind: 'absent' };
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    // Leaving the loop cancels the stream: an endless body is not read to its end.
    if (bytes > READ_CAP_BYTES) return { kind: 'partial' };
    chunks.push(chunk);
  }
  return { kind: 'complete', bytes: Buffer.concat(chunks) };
}

/** The printed table: one row per step, then each violation with its location. */
export function formatScenario(result: ScenarioResult): string {
  const rows = result.steps.map((s) => [
    s.outcome === 'pass' ? 'ok' : s.outcome === 'skip' ? 'skip' : 'FAIL',
    s.step,
    s.operation,
    `${s.method} ${s.path}`,
    s.expected.join('|') || '-',
    s.status === undefined ? '-' : String(s.status),
    s.note ?? (s.violations.length > 0 ? `${s.violations.length} contract violation(s)` : ''),
  ]);
  const header = ['result', 'step', 'operation', 'request', 'expected', 'got', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  if (result.violations.length > 0) {
    out.push('', 'Contract violations:');
    for (const v of result.violations)
      out.push(
        `  ${v.operation ?? '(no operation)'} ${v.method} ${v.path} → ${v.status ?? ''} ${v.location}: ${v.message}`,
      );
  }
  const { operations, covered } = result.coverage.summary(result.document);
  const passed = result.steps.filter((s) => s.outcome === 'pass').length;
  const skipped = result.steps.filter((s) => s.outcome === 'skip').length;
  out.push(
    '',
    `${passed} passed, ${result.failed} failed, ${skipped} skipped; ${result.violations.length} contract violations; operations exercised ${covered}/${operations}`,
  );
  return out.join('\n');
}
