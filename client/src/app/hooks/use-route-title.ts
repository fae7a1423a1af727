import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { titleForRoutes, type RouteTitleHandle } from '@/lib/titles';

/** Sets document.title from the matched routes' handles, unless the page manages its own (editor, builds). */
export function useRouteTitle(): void {
  const matches = useMatches();
  const title = titleForRoutes(matches.map((match) => match.handle as RouteTitleHandle | undefined));
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
