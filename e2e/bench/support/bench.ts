import { existsSync } from 'node:fs';
import { chromium, type APIRequestContext, type Browser, type Page } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../support/chromium';
import { startGateway } from '../../support/gateway';

/**
 * What the benchmarks share: their command-line options, statistics and watchdog; and for those that drive
 * the app (editor-open, first-log-line, typing-diagnostics) its gateway and Chromium, a page of their own,
 * projects made through the API and the small design they edit and build.
 */

/** `--name N` from the command line, or `fallback`. */
export function numberOption(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
}

/**
 * The value below which `share` (0..1) of the values fall (nearest rank); NaN for none. The one definition
 * every bench's p50/p95 uses, so their figures compare.
 */
export const percentile = (values: number[], share: number) => {
  // A share is a fraction: a percent (50 for the median) would silently print NaN.
  if (!(share > 0 && share <= 1)) throw new RangeError(`percentile: share ${share} is not in (0, 1]`);
  return values.toSorted((a, b) => a - b)[Math.max(0, Math.ceil(share * values.length) - 1)] ?? NaN;
};

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

/** The port a bench's gateway listens on (BENCH_PORT, else the bench's own default) and its origin. */
export function benchAddress(defaultPort: number): { port: number; origin: string } {
  const port = Number(process.env.BENCH_PORT ?? defaultPort);
  return { port, origin: `http://localhost:${port}` };
}

/** The built client the benchmark's gateway serves: STATIC_DIR, else client/dist. Throws when it is missing. */
export function builtClientDir(): string {
  const dir = process.env.STATIC_DIR ?? 'client/dist';
  if (!existsSync(`${dir}/index.html`))
    throw new Error(`no built client in ${dir} (run npm run build, or set STATIC_DIR)`);
  return dir;
}

export interface BenchApp {
  browser: Browser;
  /** Closes the browser, then stops the gateway. */
  close: () => Promise<void>;
}

/**
 * The app as a bench drives it: a gateway of its own on `port` in mock mode serving the built client (with
 * `env` on top), and Debian's Chromium.
 */
export async function startBenchApp(port: number, env: Record<string, string> = {}): Promise<BenchApp> {
  const gateway = await startGateway(port, { STATIC_DIR: builtClientDir(), ...env });
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
    return {
      browser,
      close: async () => {
        await browser.close();
        await gateway.close();
      },
    };
  } catch (error) {
    await gateway.close();
    throw error;
  }
}

/**
 * A small VHDL top level (the sum of InputA and InputB): the design the build and typing benches build and
 * type errors into. `Sum <= InputA + InputB;` is on line SMALL_VHDL_SUM_LINE.
 */
export const SMALL_VHDL_TOP = [
  'library IEEE;',
  'use IEEE.std_logic_1164.all;',
  'use IEEE.numeric_std.all;',
  '',
  'architecture Behavioural of CustomInstrument is',
  '  signal Sum : signed(15 downto 0);',
  'begin',
  '  Sum <= InputA + InputB;',
  '  OutputA <= Sum;',
  '  OutputB <= InputB;',
  'end architecture;',
  '',
].join('\n');
export const SMALL_VHDL_SUM_LINE = SMALL_VHDL_TOP.split('\n').indexOf('  Sum <= InputA + InputB;') + 1;

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
