/**
 * Issue 30, goal 1, measured: public designs written for the real product (the vendor's examples, third-party
 * repositories) built by the check build as a user would build them. Run by hand:
 *
 *   PUBLIC_DESIGNS_DIR=/path/to/designs node --import tsx server/bench/public-designs.ts [name-filter]
 *
 * The designs are not in this repository (they are other people's code): PUBLIC_DESIGNS_DIR holds one folder
 * per design with its HDL files and a meta.json ({"interface": "CustomInstrument" | "CustomWrapper" |
 * "CustomInstrumentInterlaced", "source": …, "expected": …}). Without it the script says so and exits 0.
 *
 * It starts a gateway of its own (mock mode, MOCK_BUILDS=toolchain: GHDL, Yosys and Verilator in bubblewrap)
 * on 127.0.0.1, signs in, and for each design creates a project with the design's target interface through
 * the API, uploads its files, builds, and prints one row per design and a summary. PUBLIC_DESIGNS_JSON=<file>
 * also writes the rows as JSON (to compare two runs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ALLOWED_FILE_EXTENSIONS } from '@cloud-compile/shared';
import { signIn } from '../test/helpers/sign-in.js';
import { startNode, stop } from './gateway-process.js';
import { freePort } from './peers/start.js';

const DESIGNS_DIR = process.env.PUBLIC_DESIGNS_DIR;
const BUILD_TIMEOUT_MS = 10 * 60_000;
const TARGETS = ['CustomInstrument', 'CustomWrapper', 'CustomInstrumentInterlaced'] as const;

interface Diagnostic {
  file: string;
  line: number;
  severity: 'error' | 'warning' | 'note';
  message: string;
}
interface Build {
  id: string;
  status: string;
  error: string | null;
  diagnostics?: Diagnostic[];
}
export interface DesignRow {
  design: string;
  target: string;
  status: string;
  errors: number;
  warnings: number;
  notes: number;
  firstError: string;
  expected: string;
  seconds: number;
}

interface Design {
  name: string;
  target: (typeof TARGETS)[number];
  expected: string;
  files: { name: string; text: string }[];
  /** Files of the design the platform does not accept (an extension outside ALLOWED_FILE_EXTENSIONS). */
  skipped: string[];
}

function readDesign(dir: string): Design {
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'meta.json'), 'utf8')) as {
    interface?: string;
    expected?: string;
  };
  const target = TARGETS.find((t) => t === meta.interface);
  if (!target) throw new Error(`${dir}/meta.json: interface must be one of ${TARGETS.join(', ')}`);
  const files: Design['files'] = [];
  const skipped: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'meta.json') continue;
    const accepted = ALLOWED_FILE_EXTENSIONS.some((ext) => entry.name.toLowerCase().endsWith(ext));
    if (accepted) files.push({ name: entry.name, text: fs.readFileSync(path.join(dir, entry.name), 'utf8') });
    else skipped.push(entry.name);
  }
  return { name: path.basename(dir), target, expected: meta.expected ?? '', files, skipped };
}

/** One signed-in user's calls to the gateway's API; a non-2xx answer throws with its detail. */
function apiClient(base: string, cookie: string) {
  return async <T>(method: string, url: string, body?: unknown, contentType = 'application/json'): Promise<T> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': contentType }) },
      body: body === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(body) : String(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}
type Api = ReturnType<typeof apiClient>;

async function buildDesign(api: Api, design: Design): Promise<DesignRow> {
  const config = { hardware: 'mk-pro', slots: 4, os_version: '4.1.1', target: design.target, interpolation: false };
  const project = await api<{ id: string }>('POST', '/api/projects', {
    name: `public ${design.name}`.slice(0, 100),
    config,
  });
  const existing = await api<{ name: string }[]>('GET', `/api/projects/${project.id}/files`);
  for (const file of existing)
    await api('DELETE', `/api/projects/${project.id}/files/${encodeURIComponent(file.name)}`);
  for (const file of design.files)
    await api('POST', `/api/projects/${project.id}/files/${encodeURIComponent(file.name)}`, file.text, 'text/plain');
  const started = Date.now();
  const queued = await api<Build>('POST', `/api/projects/${project.id}/builds`);
  let build = queued;
  while (build.status === 'queued' || build.status === 'running') {
    if (Date.now() - started > BUILD_TIMEOUT_MS) throw new Error(`${design.name}: build still ${build.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    build = await api<Build>('GET', `/api/builds/${queued.id}`);
  }
  const diagnostics = build.diagnostics ?? [];
  const count = (severity: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === severity).length;
  const first = diagnostics.find((d) => d.severity === 'error');
  const firstError = first
    ? `${first.file}:${first.line} ${first.message}`
    : build.status === 'failed'
      ? (build.error ?? '(no error given)')
      : '';
  return {
    design: design.name,
    target: design.target,
    status: build.status,
    errors: count('error'),
    warnings: count('warning'),
    notes: count('note'),
    firstError: firstError.replace(/\s+/g, ' ').slice(0, 160),
    expected: [design.expected, ...design.skipped.map((s) => `${s} not uploaded`)].filter(Boolean).join('; '),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

const cell = (text: string | number) => String(text).replace(/\|/g, '\\|');

function printTable(rows: DesignRow[]) {
  console.log(
    '| design | interface | status | errors | warnings | platform notes | first error | seconds | expected |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${[r.design, r.target, r.status, r.errors, r.warnings, r.notes, r.firstError, r.seconds, r.expected].map(cell).join(' | ')} |`,
    );
  const built = rows.filter((r) => r.status === 'succeeded').length;
  console.log(`\n${built} built of ${rows.length}`);
}

async function main() {
  if (!DESIGNS_DIR || !fs.existsSync(DESIGNS_DIR)) {
    const why = DESIGNS_DIR ? `${DESIGNS_DIR} does not exist` : 'PUBLIC_DESIGNS_DIR is not set';
    console.log(`public designs: skipped (${why}; set it to a folder of designs, one folder each with meta.json)`);
    return;
  }
  const filter = process.argv[2];
  const designs = fs
    .readdirSync(DESIGNS_DIR, { withFileTypes: true })
    .filter((e) => fs.existsSync(path.join(DESIGNS_DIR, e.name, 'meta.json'))) // folders or links to them
    .filter((e) => !filter || e.name.includes(filter))
    .map((e) => readDesign(path.join(DESIGNS_DIR, e.name)))
    .sort((a, b) => a.name.localeCompare(b.name));
  const port = Number(process.env.PUBLIC_DESIGNS_PORT ?? (await freePort()));
  const gateway = await startNode(
    ['--import', 'tsx', 'server/src/server.ts'],
    {
      MODE: 'mock',
      MOCK_BUILDS: 'toolchain',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      MOCK_MAX_PROJECTS: String(designs.length + 50),
      MOCK_MAX_BUILDS_PER_HOUR: '100000',
    },
    port,
    '/readyz',
  );
  const rows: DesignRow[] = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    const api = apiClient(base, (await signIn(base, 'ada@example.com')).cookieHeader);
    console.log(`public designs: ${designs.length} from ${DESIGNS_DIR}, gateway on ${base}`);
    for (const design of designs) {
      const row = await buildDesign(api, design).catch((error: Error): DesignRow => ({
        design: design.name,
        target: design.target,
        status: 'not built',
        errors: 0,
        warnings: 0,
        notes: 0,
        firstError: error.message.slice(0, 160),
        expected: design.expected,
        seconds: 0,
      }));
      console.error(`  ${row.design}: ${row.status} in ${row.seconds} s`);
      rows.push(row);
    }
  } finally {
    await stop(gateway.child);
  }
  printTable(rows);
  if (process.env.PUBLIC_DESIGNS_JSON) fs.writeFileSync(process.env.PUBLIC_DESIGNS_JSON, JSON.stringify(rows, null, 2));
}

await main();
