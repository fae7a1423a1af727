import { useRouteError } from 'react-router-dom';

/** Shown when a route fails to render (for example a page chunk that cannot be loaded after a deploy). */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error('Route failed to render', error);
  return (
    <main className="error-screen">
      <h1>Something went wrong</h1>
      <p>The page could not be shown. Reloading usually helps.</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
