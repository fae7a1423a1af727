import { type CallResult, type ScenarioSession, failStep } from './scenario-call.js';
import { SIMULATION_OPERATIONS, simulationSteps } from './simulation-scenario.js';

// The scenario's steps, in the order runScenario takes them. Each is safe against a live API: nothing
// outside the scratch project and the scratch API key is changed.

/** Negative: no credentials, and a key the API never issued, are refused. */
export async function credentialSteps({ call }: ScenarioSession): Promise<void> {
  await call('no credentials', 'listProjects', { auth: 'none', expect: [401] });
  await call('unknown API key', 'listProjects', { auth: 'bogus-key', expect: [401] });
}

/** Negative: invalid input gives a 422 detail list. */
export async function invalidInputSteps({ call, expectDetailList }: ScenarioSession, sessionOnly: boolean) {
  expectDetailList(
    await call('create project with an empty name', 'createProject', { json: { name: '' }, expect: [422] }),
  );
  expectDetailList(
    await call('accept terms with a non-numeric version', 'updateTerms', {
      params: { tos_version: 'not-a-number' },
      expect: sessionOnly ? [401, 403, 422] : [422],
    }),
  );
}

/** Operations the scratch project's steps call: skipped, with the reason, when it cannot be created. */
const SCRATCH_OPERATIONS = [
  'getProject',
  'renameProject',
  'updateProjectConfig',
  'createFile',
  'getProjectFiles',
  'getFile',
  'updateFile',
  'checkDraft',
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
];

/** The scratch project: create → read back → update → … → delete (deleted even when a step fails). */
export async function scratchProjectSteps(session: ScenarioSession, stamp: string, configOptions: unknown) {
  const { call, skip } = session;
  const name = `contract-check-${stamp}`;
  const created = await call('create scratch project', 'createProject', { json: { name }, expect: [201] });
  const projectId = created?.status === 201 ? (created.body as { id?: string }).id : undefined;
  try {
    if (!projectId) {
      for (const op of SCRATCH_OPERATIONS)
        skip('(needs the scratch project)', op, 'the scratch project could not be created');
    } else {
      await insideScratchProject(session, projectId, name, configOptions);
    }
  } finally {
    if (projectId) {
      await call('delete scratch project', 'deleteProject', { params: { project_id: projectId }, expect: [204] });
      await call('deleted project is gone', 'getProject', { params: { project_id: projectId }, expect: [404] });
    }
  }
}

/** An artifact of an existing finished build, when the account has one; else a documented 404. */
export async function artifactStep({ call }: ScenarioSession, projects: CallResult | undefined): Promise<void> {
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
}

/** API keys need a signed-in session; an API key must not manage keys. */
export async function apiKeySteps(session: ScenarioSession, stamp: string, hasSession: boolean): Promise<void> {
  const { call, skip, expectDetailList } = session;
  if (!hasSession) {
    await call('an API key cannot list keys', 'listApiKeys', { expect: [401, 403] });
    return;
  }
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
  const keyId = key?.status === 201 ? (key.body as { id?: string }).id : undefined;
  if (keyId) await call('delete scratch API key', 'deleteApiKey', { params: { key_id: keyId }, expect: [204] });
  else skip('delete scratch API key', 'deleteApiKey', 'the scratch key could not be created');
}

async function insideScratchProject(
  { call, skip, expectDetailList }: ScenarioSession,
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
    // 501: a deployment that cannot check drafts (no toolchain) says so; the file stays as saved.
    await call('check an unsaved draft', 'checkDraft', {
      params: project,
      json: { name: file.name, content: `${content}-- typed, not saved\n` },
      expect: [200, 501],
    });
    expectDetailList(await call('rename file without a new name', 'renameFile', { params: file, expect: [422] }));
    const renamed = await call('rename file', 'renameFile', {
      params: file,
      query: { new_name: 'contract_check_renamed.vhd' },
      expect: [200],
    });
    scratchFile = renamed?.status === 200 ? { ...project, name: 'contract_check_renamed.vhd' } : file;
  } else {
    for (const op of ['getFile', 'updateFile', 'checkDraft', 'renameFile', 'deleteFile'])
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
