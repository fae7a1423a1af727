// The viewer's colours, from its CSS variables. Reading computed style costs a style recalculation, so they
// are read once and again only when the colour scheme can have changed: the OS preference, or the page's
// theme attribute on <html>.
import type { WavePalette } from '../waveform/draw';

const PALETTE_VARIABLES: Record<keyof WavePalette, string> = {
  background: '--wave-background',
  grid: '--wave-grid',
  text: '--wave-text',
  muted: '--wave-muted',
  trace: '--wave-trace',
  analog: '--wave-analog',
  unknown: '--wave-unknown',
  cursor: '--wave-cursor',
  marker: '--wave-marker',
  selected: '--wave-selected',
};

function readPalette(element: Element): WavePalette {
  const style = getComputedStyle(element);
  const palette = {} as WavePalette;
  for (const [key, variable] of Object.entries(PALETTE_VARIABLES))
    palette[key as keyof WavePalette] = style.getPropertyValue(variable).trim() || '#888';
  return palette;
}

/**
 * The palette of `element`, cached; `onChange` is called after a change of scheme (the next `get` reads the
 * colours again). `dispose` stops listening.
 */
export function cachedPalette(element: Element, onChange: () => void): { get(): WavePalette; dispose(): void } {
  let palette: WavePalette | undefined;
  const invalidate = () => {
    palette = undefined;
    onChange();
  };
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', invalidate);
  const observer = new MutationObserver(invalidate);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
  return {
    get: () => (palette ??= readPalette(element)),
    dispose: () => {
      scheme.removeEventListener('change', invalidate);
      observer.disconnect();
    },
  };
}
