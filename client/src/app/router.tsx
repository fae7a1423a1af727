import { lazy } from 'react';
import { Navigate, createHashRouter, type RouteObject } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { RouteTitleHandle } from '@/lib/titles';
import { RequireAuth } from './guards/require-auth';
import { AppShell } from './layouts/app-shell';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorScreen } from './components/route-error-screen';
import { NotFoundRoute } from './routes/not-found-route';

// Route pages load on demand: the first page carries only the shell (the editor is large).
const ProjectsRoute = lazy(() => import('./routes/projects-route').then((m) => ({ default: m.ProjectsRoute })));
const EditorRoute = lazy(() => import('./routes/editor-route').then((m) => ({ default: m.EditorRoute })));
const BuildsRoute = lazy(() => import('./routes/builds-route').then((m) => ({ default: m.BuildsRoute })));
const BuildListRoute = lazy(() => import('./routes/build-list-route').then((m) => ({ default: m.BuildListRoute })));
const BuildDetailRoute = lazy(() =>
  import('./routes/build-detail-route').then((m) => ({ default: m.BuildDetailRoute })),
);
const SimulationListRoute = lazy(() =>
  import('./routes/simulation-list-route').then((m) => ({ default: m.SimulationListRoute })),
);
const SimulationRoute = lazy(() => import('./routes/simulation-route').then((m) => ({ default: m.SimulationRoute })));
const PreferencesLayout = lazy(() =>
  import('./routes/preferences/preferences-layout').then((m) => ({ default: m.PreferencesLayout })),
);
const AccountRoute = lazy(() =>
  import('./routes/preferences/account-route').then((m) => ({ default: m.AccountRoute })),
);
const ApiKeysRoute = lazy(() =>
  import('./routes/preferences/api-keys-route').then((m) => ({ default: m.ApiKeysRoute })),
);
const AppearanceRoute = lazy(() =>
  import('./routes/preferences/appearance-route').then((m) => ({ default: m.AppearanceRoute })),
);
const KeybindingsRoute = lazy(() =>
  import('./routes/preferences/keybindings-route').then((m) => ({ default: m.KeybindingsRoute })),
);

const title = (text: string): RouteTitleHandle => ({ title: text });
const managedTitle: RouteTitleHandle = { managesTitle: true };

/**
 * The route table of spec §2. Ids are the route names. Paths match case-insensitively, so the
 * header's `#/Preferences` lands on the preferences routes. Everything but 404 needs sign-in.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        id: 'app',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          {
            // Pathless: a page that throws shows the error inside the shell, header and nav bar kept.
            id: 'shell-view',
            errorElement: <RouteErrorScreen inShell />,
            children: [
              { id: 'home', index: true, element: <Navigate to={paths.projects} replace /> },
              { id: 'projects', path: 'projects', handle: title('Projects'), element: <ProjectsRoute /> },
              { id: 'editor', path: 'editor/:projectId', handle: managedTitle, element: <EditorRoute /> },
              {
                id: 'builds-area',
                path: 'builds/:projectId',
                handle: managedTitle,
                element: <BuildsRoute />,
                children: [
                  { id: 'builds', index: true, element: <BuildListRoute /> },
                  { id: 'build-detail', path: ':id', element: <BuildDetailRoute /> },
                ],
              },
              {
                id: 'simulations',
                path: 'projects/:projectId/simulations',
                handle: managedTitle,
                element: <SimulationListRoute />,
              },
              {
                id: 'simulation',
                path: 'projects/:projectId/simulations/:simulationId',
                handle: title('Simulation'),
                element: <SimulationRoute />,
              },
              {
                id: 'preferences',
                path: 'preferences',
                element: <PreferencesLayout />,
                children: [
                  { id: 'preferences-index', index: true, element: <Navigate to={paths.account} replace /> },
                  { id: 'account', path: 'account', handle: title('Account - Preferences'), element: <AccountRoute /> },
                  {
                    id: 'api-keys',
                    path: 'api-keys',
                    handle: title('API Keys - Preferences'),
                    element: <ApiKeysRoute />,
                  },
                  {
                    id: 'appearance',
                    path: 'appearance',
                    handle: title('Appearance - Preferences'),
                    element: <AppearanceRoute />,
                  },
                  {
                    id: 'keybindings',
                    path: 'keybindings',
                    handle: title('Keybindings - Preferences'),
                    element: <KeybindingsRoute />,
                  },
                ],
              },
            ],
          },
        ],
      },
      { id: 'not-found', path: '*', handle: title('404'), element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
