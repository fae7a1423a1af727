import { useEffect, useSyncExternalStore } from 'react';
import { documentTitle } from '@/lib/titles';

/**
 * For pages whose route manages its own title (editor, builds): the page's title with the product
 * suffix, or the product name alone while it is unknown.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * The title of a screen shown instead of the routed page (the terms screen), which the route title
 * (app/hooks/use-route-title.ts) gives way to while it shows: the tab names what is on screen, and the
 * route's own title comes back when the screen goes, even when the route did not change meanwhile.
 */
let screenTitle: string | null = null;
const screenTitleListeners = new Set<() => void>();

function setScreenTitle(title: string | null): void {
  screenTitle = title;
  for (const listener of screenTitleListeners) listener();
}

function subscribeToScreenTitle(listener: () => void): () => void {
  screenTitleListeners.add(listener);
  return () => screenTitleListeners.delete(listener);
}

const currentScreenTitle = () => screenTitle;

/** The title of the screen shown instead of the routed page, or null (the route decides). */
export function useScreenTitleOverride(): string | null {
  // Module-level functions: a new subscribe function each render would make React subscribe again each time.
  return useSyncExternalStore(subscribeToScreenTitle, currentScreenTitle);
}

/** Names the tab after a screen that replaces the routed page, for as long as it shows. */
export function useScreenTitle(title: string): void {
  useEffect(() => {
    setScreenTitle(title);
    return () => setScreenTitle(null);
  }, [title]);
}
