import { expect, type Page } from '@playwright/test';

/**
 * Containers whose job is to scroll sideways (the log's lines, the code editor's lines): what they hold
 * may be wider than the screen.
 */
const SIDEWAYS_SCROLLERS = ['.log-viewer__scroller', '.cm-scroller'];

/** The width a select's drop-down arrow takes from its text (Chromium's, with its margin). */
const SELECT_ARROW_PX = 20;

/**
 * What is wrong with the layout of the page as it is now, one readable line per problem:
 * - the page scrolls sideways;
 * - a visible element sticks out of the viewport, left or right (its box, not only its text);
 * - an element that clips its overflow (hidden, clip, auto, scroll) is wider inside than outside, so
 *   part of its content is cut off or needs a sideways scroll. An element with a title is exempt: it
 *   shortens its text on purpose and shows it whole on hover;
 * - a label touches or overlaps its control (less than 2 px between their boxes), unless it holds it;
 * - a select is too narrow for the text of its chosen option, which it then cuts ("Custom Instrument,
 *   full rate (i…"): measured in the select's font, beside the room its arrow takes.
 * Visually hidden text (a 1 px box) and the contents of SIDEWAYS_SCROLLERS are not looked at.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ scrollers, selectArrow }) => {
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

      const visible = (element: Element) =>
        element.checkVisibility({ visibilityProperty: true }) && !tiny(element) && !insideTiny(element);
      for (const label of Array.from(document.querySelectorAll('label'))) {
        const control = label.control;
        if (!control || label.contains(control) || !visible(label) || !visible(control)) continue;
        const a = label.getBoundingClientRect();
        const b = control.getBoundingClientRect();
        const apart = Math.max(b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom);
        if (apart < 2) problems.push(`${describe(label)} touches its control (${apart.toFixed(1)} px apart)`);
      }

      const measure = document.createElement('canvas').getContext('2d')!;
      for (const select of Array.from(document.querySelectorAll('select'))) {
        const text = select.selectedOptions[0]?.text;
        if (!text || !visible(select)) continue;
        const style = getComputedStyle(select);
        measure.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - selectArrow;
        const needed = measure.measureText(text).width;
        if (needed > room)
          problems.push(
            `${describe(select)} cuts "${text}" (${Math.round(needed)} px of text in ${Math.round(room)} px)`,
          );
      }
      return problems;
    },
    { scrollers: SIDEWAYS_SCROLLERS, selectArrow: SELECT_ARROW_PX },
  );
}

/** No sideways page scroll, nothing sticking out of the viewport, no clipped text. */
export async function expectLayoutFits(page: Page, screen: string): Promise<void> {
  expect(await layoutProblems(page), `layout of ${screen}`).toEqual([]);
}
