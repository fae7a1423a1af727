import { expect, type Page } from '@playwright/test';

/** Calls the gateway's API at `origin` with the page's sign-in cookies; a non-OK answer fails the test. */
export async function callApi<T>(
  page: Page,
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  apiPath: string,
  body?: unknown,
  contentType?: string,
): Promise<T> {
  const response = await page.request.fetch(`${origin}/api${apiPath}`, {
    method,
    data: body,
    headers: contentType ? { 'Content-Type': contentType } : undefined,
  });
  expect(response.ok(), `${method} ${apiPath}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Creates a project with these files (name → content) through the API; returns its id. */
export async function createProject(
  page: Page,
  origin: string,
  name: string,
  files: Record<string, string> = {},
): Promise<string> {
  const { id } = await callApi<{ id: string }>(page, origin, 'POST', '/projects', { name });
  for (const [file, content] of Object.entries(files)) {
    await callApi(page, origin, 'POST', `/projects/${id}/files/${encodeURIComponent(file)}`, content, 'text/plain');
  }
  return id;
}

/**
 * The smallest top-level design the mock builds (an empty architecture of the slot's entity): a
 * project without one is refused at queue time, as the real service does.
 */
export const TOP_LEVEL_VHDL = 'architecture Behavioural of CustomInstrument is\nbegin\nend architecture;\n';

/** A name no other test run uses. */
export const uniqueName = (what: string) =>
  `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
