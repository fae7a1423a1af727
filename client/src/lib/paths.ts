/** Hash-route paths (spec §2), built in one place so links and the route table agree. */
export const paths = {
  home: '/',
  projects: '/projects',
  editor: (projectId: string | number) => `/editor/${encodeURIComponent(String(projectId))}`,
  /** The editor opening `file` at `line` (1-based): where a build's file:line links go. */
  editorAt: (projectId: string | number, file: string, line: number) =>
    `/editor/${encodeURIComponent(String(projectId))}?${new URLSearchParams({ file, line: String(line) }).toString()}`,
  builds: (projectId: string | number) => `/builds/${encodeURIComponent(String(projectId))}`,
  buildDetail: (projectId: string | number, buildId: string) =>
    `/builds/${encodeURIComponent(String(projectId))}/${encodeURIComponent(buildId)}`,
  /** A project's simulations, newest first. */
  simulations: (projectId: string | number) => `/projects/${encodeURIComponent(String(projectId))}/simulations`,
  /** One simulation run: its status, log and waveforms. */
  simulation: (projectId: string | number, simulationId: string) =>
    `/projects/${encodeURIComponent(String(projectId))}/simulations/${encodeURIComponent(simulationId)}`,
  preferences: '/preferences',
  /** The header's link, capitalised as the spec writes it; routes match case-insensitively. */
  preferencesFromHeader: '/Preferences',
  account: '/preferences/account',
  apiKeys: '/preferences/api-keys',
  appearance: '/preferences/appearance',
  keybindings: '/preferences/keybindings',
} as const;
