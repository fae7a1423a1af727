import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getApiClient } from './client';
import { makeOperationCalls } from './operation-calls';
import { operationsDocument } from './operations-document';
import { simulationsAvailable } from './simulations';

vi.mock('./client', () => ({ getApiClient: vi.fn() }));

/** The client the app makes for `document`: one method per operation it has. */
const clientFor = (document: unknown) => makeOperationCalls(operationsDocument(document));

const documentWith = (operations: Record<string, string>) => ({
  openapi: '3.0.3',
  info: { title: 'API', version: '1' },
  paths: Object.fromEntries(Object.entries(operations).map(([operationId, path]) => [path, { post: { operationId } }])),
});

describe('simulationsAvailable', () => {
  beforeEach(() => vi.mocked(getApiClient).mockReset());

  it('is false for an API whose document lacks startSimulation (Simulate stays hidden)', async () => {
    vi.mocked(getApiClient).mockResolvedValue(
      clientFor(documentWith({ newProjectBuild: '/api/projects/{project_id}/builds' })),
    );
    expect(await simulationsAvailable()).toBe(false);
  });

  it('is true when the document has it', async () => {
    vi.mocked(getApiClient).mockResolvedValue(
      clientFor(documentWith({ startSimulation: '/api/projects/{project_id}/simulations' })),
    );
    expect(await simulationsAvailable()).toBe(true);
  });
});
