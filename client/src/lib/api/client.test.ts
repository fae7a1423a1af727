import { describe, expect, it, vi } from 'vitest';
import { fetchDocument, handleFailedCall } from './client';
import { isConnectionLost, reportConnection } from '../connection';
import { ApiError } from './error-message';
import { NoAnswerError } from './operation-calls';

const answer = (status: number, data: unknown) => ({ message: `status ${status}`, response: { status, data } });

describe('handleFailedCall', () => {
  it('restarts sign-in on a 401 and still rejects the call', async () => {
    const onUnauthorized = vi.fn();
    const failure = handleFailedCall(answer(401, { detail: 'Not authenticated' }), onUnauthorized);
    await expect(failure).rejects.toEqual(new ApiError(401, 'Not authenticated'));
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('turns a validation answer into an ApiError with the joined messages', async () => {
    const onUnauthorized = vi.fn();
    const failure = handleFailedCall(answer(422, { detail: [{ msg: 'a' }, { msg: 'b' }] }), onUnauthorized);
    await expect(failure).rejects.toMatchObject({ name: 'ApiError', status: 422, detail: 'a; b', message: 'a; b' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps the status when the body has no detail', async () => {
    await expect(handleFailedCall(answer(500, '<html>oops</html>'), vi.fn())).rejects.toMatchObject({
      status: 500,
      detail: undefined,
      message: 'Request failed with status code 500',
    });
  });

  it('passes errors without an answer through unchanged', async () => {
    const networkError = new Error('Network Error');
    const onUnauthorized = vi.fn();
    await expect(handleFailedCall(networkError, onUnauthorized)).rejects.toBe(networkError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('fetchDocument', () => {
  it('says what the gateway said when the API description is not served (proxy mode, upstream down)', async () => {
    const down = async () => Response.json({ detail: 'The compile API could not be reached' }, { status: 502 });
    await expect(fetchDocument(down)).rejects.toEqual(
      new ApiError(502, 'The API description could not be loaded (502): The compile API could not be reached'),
    );
  });

  it('keeps the status alone when the answer has no detail', async () => {
    const bare = async () => new Response('<html>Bad Gateway</html>', { status: 502 });
    await expect(fetchDocument(bare)).rejects.toEqual(
      new ApiError(502, 'The API description could not be loaded (502)'),
    );
  });
});

describe('the connection, as calls find it', () => {
  it('a call without any answer marks it lost; any answer, an error status included, marks it back', async () => {
    reportConnection(true);
    const refused = new NoAnswerError(new TypeError('fetch failed'));
    await expect(handleFailedCall(refused, vi.fn())).rejects.toBe(refused);
    expect(isConnectionLost()).toBe(true);
    await expect(handleFailedCall(answer(502, { detail: 'down' }), vi.fn())).rejects.toBeInstanceOf(ApiError);
    expect(isConnectionLost()).toBe(false);
  });

  it('a cancelled call says nothing about the connection', async () => {
    reportConnection(true);
    const cancelled = new DOMException('The call was aborted', 'AbortError');
    await expect(handleFailedCall(cancelled, vi.fn())).rejects.toBe(cancelled);
    expect(isConnectionLost()).toBe(false);
  });

  it('the API description unreachable marks it lost too', async () => {
    reportConnection(true);
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchDocument(offline)).rejects.toThrow('Failed to fetch');
    expect(isConnectionLost()).toBe(true);
    reportConnection(true);
  });
});
