import { describe, expect, it, vi } from 'vitest';
import { handleFailedCall } from './client';
import { ApiError } from './error-message';

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
