import { describe, expect, it } from 'vitest';
import { EXIT } from '../errors';
import { describeFailure, failureOf } from './failures';

const context = { operationId: 'newProjectBuild', baseUrl: 'https://compile.example.com', attempts: 5 };

describe('describeFailure', () => {
  it('401: a wrong or revoked key', () => {
    const error = describeFailure(
      { status: 401, body: { detail: 'Invalid or revoked API key' }, message: '' },
      context,
    );
    expect(error.exitCode).toBe(EXIT.auth);
    expect(error.message).toMatch(/^the API key was refused \(401\): it is wrong or has been revoked/);
  });

  it('403: names the scopes the contract requires for the operation', () => {
    const error = describeFailure({ status: 403, body: { detail: 'no' }, message: '' }, context);
    expect(error.exitCode).toBe(EXIT.auth);
    expect(error.message).toContain(
      'lacks the scope builds:queue (or projects:write), needed to “Queue a build of the project with its configuration” (403)',
    );
    expect(error.message).not.toContain('newProjectBuild');
    expect(describeFailure({ status: 403, message: '' }, { ...context, operationId: 'getArtifact' }).message).toContain(
      'builds:read (or builds:queue)',
    );
  });

  it('no answer: the server and how often it was tried', () => {
    const error = describeFailure({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, context);
    expect(error.exitCode).toBe(EXIT.network);
    expect(error.message).toBe('cannot reach https://compile.example.com (ECONNREFUSED; tried 5 times)');
  });

  it("anything else: the API's own message, detail lists included", () => {
    const error = describeFailure(
      {
        status: 422,
        body: { detail: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }] },
        message: '',
      },
      context,
    );
    expect(error.exitCode).toBe(EXIT.failed);
    expect(error.message).toBe('Field required (422)');
    expect(
      describeFailure({ status: 404, body: {}, message: '' }, { ...context, operationId: 'buildDetails' }),
    ).toMatchObject({ message: 'the API gave no reason for refusing “Get a build” (404)', status: 404 });
  });

  it('a redirect: names where it points (redirects are not followed, the key would go along)', () => {
    const failure = failureOf({
      message: '',
      response: { status: 301, data: '', headers: { location: 'https://compile.example.com/' } },
    });
    const error = describeFailure(failure, { ...context, baseUrl: 'http://compile.example.com' });
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toBe(
      'http://compile.example.com answered with a redirect (301) to https://compile.example.com/; give the address the API is at as --base-url',
    );
  });

  it('keeps nothing of the request (its headers carry the key)', () => {
    const failure = failureOf({
      message: 'x',
      code: 'ECONNRESET',
      config: { headers: { Authorization: 'Bearer secret' } },
    });
    expect(JSON.stringify(failure)).not.toContain('secret');
  });
});
