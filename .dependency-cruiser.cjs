/* global module */
// Imports run one way. The layers of server/src, top to bottom (ARCHITECTURE.md "Layers and rules"):
//   server.ts → app.ts → proxy/, mock/ (the two modes; contract/, cli/: the contract checker) → plugins/
//   → the shared modules at server/src's root (config, errors, logger, spa-files, static-fast-path …)
// and inside mock/:
//   mock.ts → api/ → admin/ → store/ → builds/ (through builds/index.ts only) → state/, domain.ts,
//   fixtures.ts, session.ts;   identity/ → state/, session.ts
// No part (server/src, client/src, cli/src) has an import cycle. `npm run lint:deps` checks it, in
// `npm run lint` and CI; server/test/architecture/ shows that a planted back-import or cycle fails.
// Type-only imports count (tsPreCompilationDeps): a type is a dependency of the design as much as a value.

const S = '^server/src/';
const MOCK = `${S}mock/`;
const MODES = `${S}(proxy|mock|contract|cli)/`;

/** A layer may import none of the layers above it. */
const above = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: modules that need each other are one module, or the shared part belongs lower.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    above('server-is-the-top', 'Only the process entry (server.ts) starts the gateway.', `${S}`, `${S}server\\.ts$`),
    {
      name: 'app-only-from-server',
      comment: 'app.ts builds the gateway; only server.ts (and tests) import it.',
      severity: 'error',
      from: { path: S, pathNot: `${S}server\\.ts$` },
      to: { path: `${S}app\\.ts$` },
    },
    above(
      'plugins-below-modes',
      'plugins/ are gateway-wide: they never reach into a mode (proxy/, mock/) or the contract checker.',
      `${S}plugins/`,
      `${MODES}|${S}(app|server)\\.ts$`,
    ),
    {
      name: 'shared-modules-at-the-bottom',
      comment: "server/src's root modules are shared by every layer: they import only each other.",
      severity: 'error',
      from: { path: `${S}[^/]+\\.ts$`, pathNot: `${S}(server|app)\\.ts$` },
      to: { path: `${MODES}|${S}plugins/` },
    },
    {
      name: 'proxy-not-mock',
      comment:
        'The two modes never import each other; but proxy/fallback/ (MOCK_FALLBACK=missing) runs the mock inside proxy ' +
        'mode, through its composition root (mock.ts) and the identity it is given (session.ts) only.',
      severity: 'error',
      from: { path: `${S}proxy/` },
      to: { path: `${MOCK}`, pathNot: `${MOCK}(mock|session)\\.ts$` },
    },
    {
      name: 'mock-fallback-only',
      comment: 'Of proxy/, only the fallback (proxy/fallback/) may reach the mock.',
      severity: 'error',
      from: { path: `${S}proxy/`, pathNot: `${S}proxy/fallback/` },
      to: { path: `${MOCK}` },
    },
    above('mock-not-proxy', 'The two modes never import each other.', `${MOCK}`, `${S}proxy/`),
    above(
      'mock-root-from-nobody',
      'mock.ts composes the mock; nothing under mock/ imports it.',
      `${MOCK}`,
      `${MOCK}mock\\.ts$`,
    ),
    above('admin-below-api', 'admin/ never imports the API handlers.', `${MOCK}admin/`, `${MOCK}api/`),
    above(
      'identity-stands-alone',
      'identity/ (the FusionAuth stand-in) keeps its own state: no sandboxes, builds or API handlers.',
      `${MOCK}identity/`,
      `${MOCK}(api|admin|store|builds)/`,
    ),
    above('store-below-http', 'store/ never imports the HTTP layers.', `${MOCK}store/`, `${MOCK}(api|admin|identity)/`),
    above(
      'builds-below-store',
      'builds/ never imports the sandboxes or the HTTP layers: the store hands builds on through builds/build-ports.ts.',
      `${MOCK}builds/`,
      `${MOCK}(store|api|admin|identity)/`,
    ),
    {
      name: 'builds-public-surface',
      comment: "Outside builds/, a build's code is reached through mock/builds/index.ts only.",
      severity: 'error',
      from: { path: S, pathNot: `${MOCK}builds/` },
      to: { path: `${MOCK}builds/`, pathNot: `${MOCK}builds/index\\.ts$` },
    },
    above(
      'state-at-the-bottom',
      "state/ and mock/'s shared modules (domain, fixtures, session) import nothing above them.",
      `${MOCK}(state/|domain\\.ts$|fixtures\\.ts$|session\\.ts$)`,
      `${MOCK}(api|admin|identity|store|builds)/`,
    ),
  ],
  options: {
    // Only the parts' own sources: what they import from elsewhere (node_modules, another part) is not cruised.
    includeOnly: '^((server|client|cli)/src|packages/[^/]+/src)/',
    exclude: { path: '(^|/)node_modules/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    // The client's: it maps the client's '@/' imports; every other import is relative.
    tsConfig: { fileName: 'client/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
