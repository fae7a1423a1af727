import { useCallback, useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** What can take focus inside a row: its controls, in document order. */
const CONTROLS = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]';

/** The items of a list or table that a control can belong to, each the unit that is removed as a whole. */
const ROW = 'li, tr, [role="row"], [role="tab"], [role="option"], [role="treeitem"]';

/** Where focus can rest when nothing else is left: the region's heading (made focusable from code only). */
const REGION = 'section, [role="region"], main, [role="dialog"], body';

function controlsOf(row: Element): HTMLElement[] {
  const inside = [...row.querySelectorAll<HTMLElement>(CONTROLS)];
  return row instanceof HTMLElement && row.matches(CONTROLS) ? [row, ...inside] : inside;
}

/** The regions around `element`, nearest first. */
function regionsAround(element: Element): Element[] {
  const regions: Element[] = [];
  for (let region = element.closest(REGION); region; region = region.parentElement?.closest(REGION) ?? null)
    regions.push(region);
  return regions;
}

/** The heading of the nearest region still in the page that has one. */
function headingOf(regions: readonly Element[]): HTMLElement | null {
  for (const region of regions) {
    if (!region.isConnected) continue;
    const heading = region.querySelector<HTMLElement>('h1, h2, h3');
    if (!heading) continue;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    return heading;
  }
  return null;
}

/**
 * Remembers where `element` (the control that had focus, e.g. the button that opened a dialog) sits,
 * and returns what should take focus later in its place: the element itself while it is in the page;
 * once its row is gone (the item was deleted, the tab closed), in a tablist the selected tab, else the
 * same control of the row now in its place (the next one moved up; after the last row, the new last
 * one); when the list is empty, the heading of the nearest region around it that has one. Without
 * this, removing the focused row leaves focus on <body>, and a keyboard user starts again from the
 * top (WCAG 2.4.3).
 */
export function rememberPlace(element: HTMLElement): () => HTMLElement | null {
  const row = element.closest(ROW);
  const list = row?.parentElement ?? null;
  const position = list ? [...list.children].indexOf(row!) : -1;
  const index = row ? controlsOf(row).indexOf(element) : -1;
  const regions = regionsAround(list ?? element);
  return () => {
    if (element.isConnected) return element;
    if (list?.isConnected) {
      const tabs = list.getAttribute('role') === 'tablist';
      const selected = tabs ? list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') : null;
      if (selected) return selected;
      // The row now where it was (the next one moved up), else the last one; the same control in it.
      const rows = list.children;
      const neighbour = rows[Math.min(position, rows.length - 1)];
      const controls = neighbour ? controlsOf(neighbour) : [];
      const control = controls[index] ?? controls[0];
      if (control) return control;
    }
    return headingOf(regions);
  };
}

/** Whether focus has fallen back to the page itself (the focused element left the page, or nothing had focus). */
export function focusIsLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * A button's props while it may be unavailable, without taking it out of the focus order: a focused
 * button that turns `disabled` loses focus to <body> (Chromium blurs it), so Enter on Save, on Build
 * or on a dialog's Delete sent a keyboard user back to the top of the page, and out of the dialog.
 * `aria-disabled` says it is unavailable; a click does nothing meanwhile.
 */
export function unavailableWhile(unavailable: boolean, onClick: (event: MouseEvent<HTMLElement>) => void) {
  return {
    'aria-disabled': unavailable || undefined,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (!unavailable) onClick(event);
    },
  };
}

/**
 * For a control that goes away after its action (the Cancel of a build, gone once the build stops):
 * call the returned function with it from the event handler; once it has unmounted, the focus it had
 * goes to its place (rememberPlace), unless something else has the focus by then.
 */
export function useFocusAfterRemoval(): (control: HTMLElement) => void {
  const place = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(
    () => () => {
      const afterRemoval = place.current;
      if (afterRemoval) requestAnimationFrame(() => focusIsLost() && afterRemoval()?.focus());
    },
    [],
  );
  return useCallback((control: HTMLElement) => {
    place.current = rememberPlace(control);
  }, []);
}

/**
 * Navigation state for a page opened by an action whose control went away with the page it was on
 * (Create in a dialog on the projects page opens the new project's editor): the page arrived at puts
 * the focus on its heading (useFocusOnArrival), which says where the user now is, instead of leaving it
 * on <body>, where a keyboard user starts again from the top (WCAG 2.4.3).
 */
export const FOCUS_ON_ARRIVAL = { focusOnArrival: true } as const;

/**
 * Focuses `target` (the page's heading, with tabIndex -1) once the page shows, when it was
 * opened with FOCUS_ON_ARRIVAL and the focus is lost by then; a focus the user has put somewhere stays.
 */
export function useFocusOnArrival(target: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const asked = (location.state as Partial<typeof FOCUS_ON_ARRIVAL> | null)?.focusOnArrival === true;
  useEffect(() => {
    const element = target.current;
    if (!asked || !element || !focusIsLost()) return;
    element.focus();
    // Once per arrival: the entry's key, not every render.
  }, [asked, location.key, target]);
}
