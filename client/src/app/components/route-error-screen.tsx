import { useRouteError } from 'react-router-dom';

/**
 * Shown when a route fails to render (for example a page chunk that cannot be loaded after a deploy).
 * `inShell`: in the shell's view, which is the page's main landmark already.
 */
export function RouteErrorScreen({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  console.error('Route failed to render', error);
  const Landmark = inShell ? 'section' : 'main';
  return (
    <Landmark className="error-screen" aria-label={inShell ? 'Error' : undefined}>
      <h1>Something went wrong</h1>
      <p>The page could not be shown. Reloading usually helps.</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </Landmark>
  );
}
