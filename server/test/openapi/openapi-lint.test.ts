import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OpenAPIBackend } from 'openapi-backend';
import { REPO_ROOT } from '../../src/config.js';

const DOCUMENT = path.join(REPO_ROOT, 'openapi/openapi.json');

/** The operations the product spec (§7) and the screens name: the contract must keep them all. */
const REQUIRED_OPERATIONS = [
  'getProject',
  'getProjectFiles',
  'buildConfigs',
  'projectBuilds',
  'newProjectBuild',
  'cancelBuild',
  'getLatestBuild',
  'buildDetails',
  'createFile',
  'updateFile',
  'renameFile',
  'deleteFile',
  'getFile',
  'updateTerms',
  'listProjects',
  'createProject',
  'renameProject',
  'deleteProject',
  'listExamples',
  'getBuildLog',
  'getArtifact',
  'listApiKeys',
  'createApiKey',
  'deleteApiKey',
];

describe('openapi/openapi.json', () => {
  it('passes the Redocly linter with its recommended rules', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(REPO_ROOT, 'node_modules/.bin/redocly'),
      ['lint', DOCUMENT, '--format=stylish'],
      { cwd: REPO_ROOT },
    ).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`redocly lint failed:\n${error.stdout}\n${error.stderr}`);
    });
    expect(`${stdout}${stderr}`).toContain('Your API description is valid');
  }, 60_000);

  it('is accepted by openapi-backend in strict mode with every required operation', async () => {
    // openapi-backend checks documents against the OpenAPI 3.0 schema only; a rejected document
    // would make every route 404 silently, so strict mode must accept it.
    const api = new OpenAPIBackend({ definition: DOCUMENT, strict: true, validate: false, quick: false });
    await api.init();
    const ids = api.getOperations().map((operation) => operation.operationId);
    expect(ids).toEqual(expect.arrayContaining(REQUIRED_OPERATIONS));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
