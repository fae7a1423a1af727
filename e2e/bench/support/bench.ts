import { existsSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from 'playwright';

/**
 * What the editor and build benchmarks (editor-open, first-log-line, typing-diagnostics) share: their
 * command-line options, statistics, watchdog, a signed-in page in Chromium and projects made through the API.
 */

/** `--name N` from the command line, or `fallback`. */
export function numberOption(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
}

/** The value below which `share` (0..1) of the values fall (nearest rank); NaN for none. */
export const percentile = (values: number[], share: number) =>
  values.toSorted((a, b) => a - b)[Math.max(0, Math.ceil(share * values.length) - 1)] ?? NaN;

/** The middle value (the upper one of an even count); 0 for none. */
export const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Ends the process with exit code 2 after `ms`, so a benchmark that hangs (a page that never shows what it
 * waits for) cannot hold `npm run bench` forever. Returns the function that disarms it.
 */
export function startWatchdog(bench: string, ms: number): () => void {
  const timer = setTimeout(() => {
    console.error(`${bench} bench: gave up after ${Math.round(ms / 60_000)} minutes`);
    process.exit(2);
  }, ms);
  return () => clearTimeout(timer);
}

/** The built client the benchmark's gateway serves: STATIC_DIR, else client/dist. Throws when it is missing. */
export function builtClientDir(): string {
  const dir = process.env.STATIC_DIR ?? 'client/dist';
  if (!existsSync(`${dir}/index.html`))
    throw new Error(`no built client in ${dir} (run npm run build, or set STATIC_DIR)`);
  return dir;
}

export interface BenchPage {
  page: Page;
  /** The page's uncaught errors: a benchmark fails when there are any. */
  errors: string[];
}

/**
 * A page of its own (1400×900, the cookie notice accepted) on `origin`, collecting its uncaught errors.
 * The timing functions handed to page.evaluate are compiled by tsx, which wraps named functions in a
 * `__name` helper that exists only in Node: the page gets a no-op one.
 */
export async function newBenchPage(browser: Browser, origin: string): Promise<BenchPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: origin }]);
  const page = await context.newPage();
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Makes a project with these files (name → text) through the API; returns its id. Throws on a refusal. */
export async function createBenchProject(
  request: APIRequestContext,
  origin: string,
  name: string,
  files: Record<string, string>,
): Promise<string> {
  const created = await request.post(`${origin}/api/projects`, { data: { name } });
  if (!created.ok()) throw new Error(`creating ${name}: ${created.status()} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  for (const [file, body] of Object.entries(files)) {
    const written = await request.post(`${origin}/api/projects/${id}/files/${encodeURIComponent(file)}`, {
      data: body,
      headers: { 'Content-Type': 'text/plain' },
    });
    if (!written.ok()) throw new Error(`writing ${file}: ${written.status()} ${await written.text()}`);
  }
  return id;
}
