import { describe, expect, it } from 'vitest';
import { type BodySample, ContractDocument, ContractValidator } from '@cloud-compile/contract-checker';

const document = ContractDocument.load();
const validator = new ContractValidator(document);
const json = (value: unknown): BodySample => ({ kind: 'complete', bytes: Buffer.from(JSON.stringify(value)) });
const NOW = '2025-10-16T01:09:15Z';
const CONFIG = { hardware: 'mokugo', slots: 2, os_version: '4.1.1', target: 'CustomInstrument', interpolation: false };
const BUILD = {
  id: 'b1',
  project_id: 'p1',
  project_name: 'Adder',
  status: 'queued',
  stage: null,
  queue_position: 1,
  config: CONFIG,
  queued_at: NOW,
  started_at: null,
  finished_at: null,
  stages: [],
  artifacts: [],
  error: null,
};

const response = (operationId: string, status: number, contentType: string | undefined, body: BodySample) =>
  validator
    .checkResponse(document.operation(operationId)!, 'GET', '/p', { status, contentType, body })
    .map((v) => `${v.location}: ${v.message}`);

describe('ContractValidator', () => {
  it('knows all 35 operations and matches concrete paths to them', () => {
    expect(document.operations).toHaveLength(35);
    expect(document.match('GET', '/api/projects/p1/builds/latest')?.operation.operationId).toBe('getLatestBuild');
    expect(document.match('POST', '/api/projects/p1/files/top.vhd/rename')?.pathParams).toEqual({
      project_id: 'p1',
      name: 'top.vhd',
    });
    expect(
      validator.checkRequest({ method: 'PUT', url: '/api/projects', headers: {}, body: { kind: 'absent' } })
        .violations[0]?.message,
    ).toBe('PUT is not documented for this path');
    expect(
      validator.checkRequest({ method: 'GET', url: '/api/openapi.json', headers: {}, body: { kind: 'absent' } })
        .violations,
    ).toEqual([]);
  });

  it('takes a property named like an OpenAPI keyword for a property (found by the mock fuzz test)', () => {
    // ProjectCreate has a property called `example`; it was stripped as the keyword and then refused.
    const request = (body: unknown) =>
      validator.checkRequest({
        method: 'POST',
        url: '/api/projects',
        headers: { 'content-type': 'application/json' },
        body: json(body),
      }).violations;
    expect(request({ name: 'From an example', example: 'moving-average' })).toEqual([]);
    expect(request({ name: 'Bad', example: '' }).map((v) => v.location)).toEqual(['request.body.example']);
  });

  it('accepts nullable fields as null and rejects wrong values in them', () => {
    expect(response('buildDetails', 200, 'application/json', json(BUILD))).toEqual([]);
    expect(
      response('buildDetails', 200, 'application/json', json({ ...BUILD, stage: 'LINKING', started_at: 5 })),
    ).toEqual([
      'response.body.stage: must be one of "IP", "SYNTHESIS", "ROUTE", "BITSTREAM", null',
      'response.body.started_at: must be string',
    ]);
  });

  it('judges the same body the same way each time it comes (verdicts are kept by digest), and each path its own', () => {
    const bad = json([{ ...BUILD, status: 'exploded' }]);
    for (let i = 0; i < 3; i++)
      expect(response('projectBuilds', 200, 'application/json', bad)).toEqual([
        'response.body[0].status: must be one of "queued", "running", "succeeded", "failed", "cancelled"',
      ]);
    const violations = validator.checkResponse(
      document.operation('projectBuilds')!,
      'GET',
      '/api/projects/other/builds',
      {
        status: 200,
        contentType: 'application/json',
        body: bad,
      },
    );
    expect(violations.map((v) => v.path)).toEqual(['/api/projects/other/builds']);
    expect(response('projectBuilds', 200, 'application/json', json([BUILD]))).toEqual([]);
  });

  it('judges a bodiless request the same way each time (kept by method and URL)', () => {
    const ask = () =>
      validator
        .checkRequest({ method: 'GET', url: '/api/projects?colour=red', headers: {}, body: { kind: 'absent' } })
        .violations.map((v) => `${v.location}: ${v.message}`);
    expect(ask()).toEqual(['request.query.colour: is not a documented query parameter']);
    expect(ask()).toEqual(['request.query.colour: is not a documented query parameter']);
    expect(
      validator.checkRequest({ method: 'GET', url: '/api/projects', headers: {}, body: { kind: 'absent' } }).violations,
    ).toEqual([]);
  });

  it('checks formats, the {} of getLatestBuild, and bodies on bodiless statuses', () => {
    expect(response('getLatestBuild', 200, 'application/json', json({}))).toEqual([]);
    expect(
      response('getFile', 200, 'application/json', json({ name: 'a', content: '', timestamp: 'yesterday' })),
    ).toEqual(['response.body.timestamp: must match format "date-time"']);
    expect(response('deleteProject', 204, undefined, { kind: 'absent' })).toEqual([]);
    expect(response('deleteProject', 204, undefined, json({ ok: true }))).toEqual([
      'response.body: 204 is documented without a body',
    ]);
    expect(
      response('getProject', 200, 'application/json', { kind: 'complete', bytes: Buffer.from('{"id":') })[0],
    ).toMatch(/^response.body: is not valid JSON/);
  });

  it('judges artifacts and partial bodies by status and content type only', () => {
    expect(response('getArtifact', 200, 'application/octet-stream', { kind: 'partial' })).toEqual([]);
    expect(
      response('getArtifact', 200, 'text/plain; charset=utf-8', { kind: 'complete', bytes: Buffer.from('report') }),
    ).toEqual([]);
    expect(response('getArtifact', 200, 'application/zip', { kind: 'partial' })).toEqual([
      'response.header.content-type: application/zip is not documented for 200; expected application/octet-stream, text/plain',
    ]);
    expect(response('listProjects', 200, 'application/json', { kind: 'partial' })).toEqual([]);
  });

  it('checks a FastAPI 422 detail list', () => {
    expect(
      response(
        'createProject',
        422,
        'application/json',
        json({ detail: [{ loc: ['body', 'name'], msg: 'too short', type: 'value_error' }] }),
      ),
    ).toEqual([]);
    expect(
      response(
        'createProject',
        422,
        'application/json',
        json({ detail: [{ loc: ['body', 'name'], message: 'too short' }] }),
      ),
    ).toEqual(['response.body.detail[0].msg: is required', 'response.body.detail[0].type: is required']);
  });
});
