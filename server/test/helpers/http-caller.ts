import type { LightMyRequestResponse } from 'fastify';
import { expectMatchesContract } from './contract-caller.js';

export interface Answer {
  status: number;
  text: string;
  json<T>(): T;
}

/**
 * A user's calls over real HTTP (the `cookie` header of a sign-in), each answer checked against the
 * contract. An object body is sent as JSON, a string as plain text (a file's content).
 */
export function httpCaller(baseUrl: string, cookie: string) {
  return async (method: string, url: string, body?: unknown): Promise<Answer> => {
    const text = typeof body === 'string';
    const headers: Record<string, string> = { cookie };
    if (body !== undefined) headers['content-type'] = text ? 'text/plain' : 'application/json';
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : text ? body : JSON.stringify(body),
    });
    const answer = await response.text();
    const asInjected = {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: answer,
      json: () => JSON.parse(answer) as unknown,
    } as unknown as LightMyRequestResponse;
    await expectMatchesContract(method, url, asInjected);
    return { status: response.status, text: answer, json: <T>() => JSON.parse(answer) as T };
  };
}
