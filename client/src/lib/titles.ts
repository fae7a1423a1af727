import { PRODUCT_NAME } from './product';

/** "Projects" → "Projects | Cloud Compile"; no title → the product name alone (spec §2). */
export function documentTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** What a route declares about the document title, in its `handle`. */
export interface RouteTitleHandle {
  /** The route's title; none means the product name alone. */
  title?: string;
  /** The page sets the title itself (editor, builds): the router leaves it alone. */
  managesTitle?: boolean;
}

/**
 * The title for a stack of matched routes (outermost first): the deepest route that says anything
 * decides. Returns null when that route manages its own title.
 */
export function titleForRoutes(handles: ReadonlyArray<RouteTitleHandle | undefined>): string | null {
  for (let index = handles.length - 1; index >= 0; index -= 1) {
    const handle = handles[index];
    if (!handle) continue;
    if (handle.managesTitle) return null;
    if (handle.title !== undefined) return documentTitle(handle.title);
  }
  return documentTitle();
}
