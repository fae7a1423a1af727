import type { ContractOperation } from '@cloud-compile/contract-checker';

/**
 * What the fuzz test (mock-fuzz.test.ts) has learnt from the mock's answers: the ids it has shown, so
 * generated requests reach real data as well as missing ids, and how a drawn request becomes a URL.
 */
/** Ids the mock has shown us, so generated requests reach real data as well as missing ids. */
export const pools = {
  project_id: new Set<string>(),
  /** Build id → its project's id. */
  build_id: new Map<string, string>(),
  /** Simulation id → its project's id. */
  simulation_id: new Map<string, string>(),
  key_id: new Set<string>(),
  artifact_name: new Set<string>(),
  files: new Map<string, { projectId: string; name: string }>(),
  example: new Set<string>(),
  config: [] as unknown[],
};

export type PathValue = { known: number } | { raw: string };
export type Auth = 'cookie' | 'none' | 'readKey' | 'bogusKey';
export interface Draft {
  operation: ContractOperation;
  path: Record<string, PathValue>;
  query: [string, string][];
  body?: { contentType?: string; text: string };
  auth: Auth;
}

export const pick = <T>(values: Iterable<T>, index: number): T | undefined => {
  const list = [...values];
  return list.length ? list[index % list.length] : undefined;
};

/** The concrete URL of a draft: known ids resolved against what the mock has shown so far. */
export function urlOf(draft: Draft): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(draft.path)) {
    if ('raw' in value) values[name] = value.raw;
    else if (name === 'name') {
      const file = pick(pools.files.values(), value.known);
      values.name = file?.name ?? 'missing.vhd';
      if (file && draft.path.project_id && 'known' in draft.path.project_id) values.project_id = file.projectId;
    } else if (!(name in values)) {
      const pool =
        name === 'build_id'
          ? pools.build_id.keys()
          : name === 'simulation_id'
            ? pools.simulation_id.keys()
            : pools[name as 'project_id' | 'key_id' | 'artifact_name'];
      values[name] = pick(pool, value.known) ?? 'no-such-id';
    }
  }
  const path = draft.operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
  const query = new URLSearchParams(draft.query).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A draft check names a file of the very project in its path: a random name almost never is one, so
 * one draft in two that reaches a known project names one of its files (the rest keep theirs). Not
 * more: each such check runs GHDL for real, about half a second.
 */
export function linkBodyToProject(draft: Draft, url: string): Draft['body'] {
  const projectValue = draft.path.project_id;
  if (draft.operation.operationId !== 'checkDraft' || !draft.body || !projectValue || !('known' in projectValue))
    return draft.body;
  if (projectValue.known % 2 !== 0) return draft.body;
  let value: unknown;
  try {
    value = JSON.parse(draft.body.text);
  } catch {
    return draft.body;
  }
  if (!value || typeof value !== 'object' || typeof (value as { name?: unknown }).name !== 'string') return draft.body;
  const projectId = decodeURIComponent(url.split('?')[0]!.split('/')[3]!);
  const files = [...pools.files.values()].filter((f) => f.projectId === projectId && /\.(vhdl?|s?v)$/.test(f.name));
  const file = pick(files, projectValue.known);
  if (!file) return draft.body;
  return { ...draft.body, text: JSON.stringify({ ...(value as object), name: file.name }) };
}

/** Learns ids from a successful answer, and forgets deleted ones, so later requests reach real data. */
export function learn(operationId: string, url: string, body: unknown): void {
  const segments = url
    .split('?')[0]!
    .split('/')
    .map((s) => decodeURIComponent(s));
  const projectId = segments[2] === 'projects' ? segments[3] : undefined;
  if (operationId === 'deleteProject' && projectId) {
    pools.project_id.delete(projectId);
    for (const [key, file] of pools.files) if (file.projectId === projectId) pools.files.delete(key);
    for (const [id, owner] of pools.build_id) if (owner === projectId) pools.build_id.delete(id);
    for (const [id, owner] of pools.simulation_id) if (owner === projectId) pools.simulation_id.delete(id);
  }
  if (operationId === 'deleteFile' || operationId === 'renameFile') pools.files.delete(`${projectId}/${segments[5]}`);
  if (operationId === 'deleteApiKey') pools.key_id.delete(segments[3]!);
  const list = Array.isArray(body) ? body : [body];
  for (const item of list as Record<string, unknown>[]) {
    if (!item || typeof item !== 'object') continue;
    if (['listProjects', 'createProject', 'getProject', 'renameProject', 'updateProjectConfig'].includes(operationId)) {
      pools.project_id.add(String(item.id));
      if (item.config) pools.config.push(item.config);
    }
    if (['getProjectFiles', 'createFile', 'renameFile'].includes(operationId) && projectId) {
      pools.files.set(`${projectId}/${String(item.name)}`, { projectId, name: String(item.name) });
    }
    if (
      ['projectBuilds', 'newProjectBuild', 'buildDetails', 'getLatestBuild', 'cancelBuild'].includes(operationId) &&
      item.id
    ) {
      pools.build_id.set(String(item.id), String(item.project_id));
      for (const artifact of (item.artifacts as { name: string }[] | undefined) ?? [])
        pools.artifact_name.add(artifact.name);
    }
    if (
      ['projectSimulations', 'startSimulation', 'simulationDetails', 'cancelSimulation'].includes(operationId) &&
      item.id
    ) {
      pools.simulation_id.set(String(item.id), String(item.project_id));
    }
    if (['listApiKeys', 'createApiKey'].includes(operationId)) pools.key_id.add(String(item.id));
    if (operationId === 'listExamples') pools.example.add(String(item.id));
  }
}
