/**
 * Below this width the editor stacks its panels (files, code, build panel) instead of setting them side
 * by side: a phone, or a narrow window. The editor's and the build panels' style sheets use the same
 * breakpoint (48rem); code that picks a default for that layout (a panel folded, a smaller height) asks here.
 */
export const NARROW_SCREEN_QUERY = '(max-width: 48rem)';

/** Whether the window is narrow now (the stacked layout). */
export function isNarrowScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches;
}
