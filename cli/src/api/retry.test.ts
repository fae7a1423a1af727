import type { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { backoffMs, shouldRetry } from './retry';

const networkError = (method: string, code: string) =>
  ({ code, config: { method }, isAxiosError: true }) as unknown as AxiosError;
const answered = (method: string, status: number) =>
  ({ config: { method }, response: { status }, isAxiosError: true }) as unknown as AxiosError;

describe('shouldRetry', () => {
  it('retries lost connections of idempotent calls, and a POST only when the connection was refused', () => {
    expect(shouldRetry(networkError('get', 'ECONNRESET'))).toBe(true);
    expect(shouldRetry(networkError('put', 'ECONNRESET'))).toBe(true);
    expect(shouldRetry(networkError('post', 'ECONNRESET'))).toBe(false);
    expect(shouldRetry(networkError('post', 'ECONNREFUSED'))).toBe(true);
  });

  it('retries 5xx and 429 of idempotent calls, never a 4xx', () => {
    expect(shouldRetry(answered('get', 503))).toBe(true);
    expect(shouldRetry(answered('get', 429))).toBe(true);
    expect(shouldRetry(answered('post', 503))).toBe(false);
    expect(shouldRetry(answered('get', 404))).toBe(false);
  });
});

describe('backoffMs', () => {
  it('doubles from half a second with up to 20 % jitter, capped at 15 s', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 500, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(1, 500, () => 1)).toBe(600);
    expect(backoffMs(10, 500, () => 0)).toBe(15_000);
  });
});
