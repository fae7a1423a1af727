import { waitForSimulation } from './simulation-client.js';

/** A signed-in caller of the simulation operations over real HTTP. */
export function simulationApi(baseUrl: string, cookie: string) {
  const call = async (path: string, init: { method?: string; body?: unknown; text?: string } = {}) => {
    const headers: Record<string, string> = { cookie };
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    } else if (init.text !== undefined) {
      headers['content-type'] = 'text/plain';
      body = init.text;
    }
    return fetch(`${baseUrl}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  };
  const json = async <T>(path: string, init?: Parameters<typeof call>[1]) => {
    const response = await call(path, init);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    call,
    json,
    async projectNamed(name: string) {
      const projects = await json<{ id: string; name: string }[]>('/api/projects');
      return projects.find((p) => p.name === name)!.id;
    },
    async newProject(name: string, files: Record<string, string>, example?: string, config?: Record<string, unknown>) {
      const project = await json<{ id: string }>('/api/projects', {
        body: { name, ...(example ? { example } : {}), ...(config ? { config } : {}) },
      });
      for (const [file, text] of Object.entries(files)) {
        const put = await call(`/api/projects/${project.id}/files/${encodeURIComponent(file)}`, {
          method: 'POST',
          text,
        });
        if (put.status !== 201) throw new Error(`${file}: ${put.status} ${await put.text()}`);
      }
      return project.id;
    },
    /** Starts a run and follows it to its end. */
    async run(projectId: string, request: unknown, timeoutMs = 120_000) {
      const started = await json<{ id: string }>(`/api/projects/${projectId}/simulations`, { body: request });
      const done = await waitForSimulation(baseUrl, cookie, started.id, timeoutMs);
      const log = await json<{ lines: string[] }>(`/api/simulations/${started.id}/log?limit=100000`);
      return { ...done, log: log.lines };
    },
    signals(id: string) {
      return json<{
        end_time: number;
        signals: { id: string; path: string; name: string; scope: string; width: number; volts_per_lsb?: number }[];
      }>(`/api/simulations/${id}/signals`);
    },
    /** Every change of one signal, read page by page. */
    async changes(id: string, signal: string): Promise<[number, string][]> {
      const all: [number, string][] = [];
      let from = 0;
      for (;;) {
        const page = await json<{ signals: { initial: string; changes: [number, string][]; truncated: boolean }[] }>(
          `/api/simulations/${id}/waveform?signals=${signal}&from=${from}&limit=100000`,
        );
        const { initial, changes, truncated } = page.signals[0]!;
        if (all.length === 0) all.push([0, initial]);
        all.push(...changes);
        if (!truncated) return all;
        from = changes[changes.length - 1]![0];
      }
    },
  };
}

/** A signal's value at `time` from its changes (the last change at or before it). */
export function valueAt(changes: readonly [number, string][], time: number): string {
  let value = 'x';
  for (const [t, v] of changes) {
    if (t > time) break;
    value = v;
  }
  return value;
}

/** A VCD bit string as a signed number. */
export const signedOf = (bits: string) => {
  const value = parseInt(bits, 2);
  return bits.length === 16 && bits.startsWith('1') ? value - 65536 : value;
};
