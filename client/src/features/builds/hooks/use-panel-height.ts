import { useCallback, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { isNarrowScreen } from '@/lib/narrow-screen';

const STEP_PX = 24;

function readStored(key: string, fallback: number): number {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  } catch {
    return fallback;
  }
}

function store(key: string, value: number): void {
  try {
    localStorage.setItem(key, String(Math.round(value)));
  } catch {
    // Storage full or blocked: the height still applies for this visit.
  }
}

export interface PanelHeight {
  height: number;
  min: number;
  max: number;
  /** Props for the drag handle (role="separator"): pointer drag, and arrows / Home / End from the keyboard. */
  handleProps: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  };
}

/**
 * The height of a panel docked at the bottom, resized by a handle on its top edge (dragging up makes it
 * taller), kept in localStorage under `storageKey`. `maxFraction` of the window height is the most.
 * Until the user sets one, it is `initial` px, or `narrowFraction` of the window's height on a narrow
 * screen (a phone's 844 px: 169 px), where the code above it must keep a dozen lines.
 */
export function usePanelHeight(
  storageKey: string,
  { initial = 280, min = 120, maxFraction = 0.45, narrowFraction = 0.2 } = {},
): PanelHeight {
  const [height, setHeightState] = useState(() =>
    readStored(storageKey, isNarrowScreen() ? Math.round(window.innerHeight * narrowFraction) : initial),
  );
  const max = Math.max(min, Math.round(window.innerHeight * maxFraction));
  const clamped = Math.min(max, Math.max(min, height));

  const setHeight = useCallback(
    (next: number) => {
      const value = Math.min(Math.max(min, Math.round(window.innerHeight * maxFraction)), Math.max(min, next));
      setHeightState(value);
      store(storageKey, value);
    },
    [storageKey, min, maxFraction],
  );

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const startY = event.clientY;
    const startHeight = clamped;
    handle.setPointerCapture(event.pointerId);
    const onMove = (move: globalThis.PointerEvent) => setHeight(startHeight + (startY - move.clientY));
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
      handle.removeEventListener('pointercancel', onUp);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
    handle.addEventListener('pointercancel', onUp);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, number> = {
      ArrowUp: clamped + STEP_PX,
      ArrowDown: clamped - STEP_PX,
      PageUp: clamped + STEP_PX * 4,
      PageDown: clamped - STEP_PX * 4,
      Home: max,
      End: min,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setHeight(next);
  };

  return { height: clamped, min, max, handleProps: { onPointerDown, onKeyDown } };
}
