import { expect, type Page } from '@playwright/test';

/**
 * Containers whose job is to scroll sideways (the log's lines, the code editor's lines): what they hold
 * may be wider than the screen.
 */
const SIDEWAYS_SCROLLERS = ['.log-viewer__scroller', '.cm-scroller'];

/**
 * What is wrong with the layout of the page as it is now, one readable line per problem:
 * - the page scrolls sideways;
 * - a visible element sticks out of the viewport, left or right (its box, not only its text);
 * - an element that clips its overflow (hidden, clip, auto, scroll) is wider inside than outside, so
 *   part of its content is cut off or needs a sideways scroll. An element with a title is exempt: it
 *   shortens its text on purpose and shows it whole on hover.
 * Visually hidden text (a 1 px box) and the contents of SIDEWAYS_SCROLLERS are not looked at.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((scrollers) => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width)
      problems.push(`the page scrolls sideways (${root.scrollWidth} px wide in ${width} px)`);

    const describe = (element: Element) => {
      const classes = Array.from(element.classList)
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${classes}> "${text}"`;
    };
    const scrollerSelector = scrollers.join(', ');
    const tiny = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width <= 1 || box.height <= 1;
    };
    const insideTiny = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        if (tiny(at)) return true;
      }
      return false;
    };

    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.parentElement?.closest(scrollerSelector)) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      if (tiny(element) || insideTiny(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.right > width + 0.5 || box.left < -0.5) {
        problems.push(
          `${describe(element)} sticks out of the viewport (${Math.round(box.left)}..${Math.round(box.right)} of ${width})`,
        );
      }
      const { overflowX } = getComputedStyle(element);
      const sideways = element.matches(scrollerSelector);
      if (
        overflowX !== 'visible' &&
        !sideways &&
        !element.hasAttribute('title') &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        problems.push(
          `${describe(element)} clips its content (${element.scrollWidth} px in ${element.clientWidth} px)`,
        );
      }
    }
    return problems;
  }, SIDEWAYS_SCROLLERS);
}

/** No sideways page scroll, nothing sticking out of the viewport, no clipped text. */
export async function expectLayoutFits(page: Page, screen: string): Promise<void> {
  expect(await layoutProblems(page), `layout of ${screen}`).toEqual([]);
}
