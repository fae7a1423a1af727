import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { useScreenTitleOverride } from '@/hooks/use-document-title';
import { documentTitle, titleForRoutes, type RouteTitleHandle } from '@/lib/titles';

/**
 * Sets document.title from the matched routes' handles, unless the page manages its own (editor,
 * builds) or a screen shown instead of the routed page names the tab (the terms screen).
 */
export function useRouteTitle(): void {
  const matches = useMatches();
  const routeTitle = titleForRoutes(matches.map((match) => match.handle as RouteTitleHandle | undefined));
  const screenTitle = useScreenTitleOverride();
  const title = screenTitle !== null ? documentTitle(screenTitle) : routeTitle;
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
