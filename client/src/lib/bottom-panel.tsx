import { createContext, startTransition, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

// The shell owns the bottom panel's place in the layout; pages (the editor's build logs) fill it.
const SlotContext = createContext<{ slot: HTMLElement | null; setSlot: (slot: HTMLElement | null) => void } | null>(
  null,
);

export function BottomPanelProvider({ children }: { children: ReactNode }) {
  const [slot, setSlotNow] = useState<HTMLElement | null>(null);
  // The slot's ref calls this while the shell commits; a plain update there would re-render the whole
  // shell synchronously in that same task (a long one on a phone). As a transition it waits its turn.
  const setSlot = useCallback((element: HTMLElement | null) => startTransition(() => setSlotNow(element)), []);
  const value = useMemo(() => ({ slot, setSlot }), [slot, setSlot]);
  return <SlotContext.Provider value={value}>{children}</SlotContext.Provider>;
}

/** Where the shell puts the panel: below the routed view. Empty (and collapsed) until a page fills it. */
export function BottomPanelSlot({ className }: { className?: string }) {
  const context = useContext(SlotContext);
  return <div className={className} ref={context?.setSlot} data-testid="bottom-panel" />;
}

/** Renders its children in the shell's bottom panel while mounted. */
export function BottomPanel({ children }: { children: ReactNode }) {
  const slot = useContext(SlotContext)?.slot;
  return slot ? createPortal(children, slot) : null;
}
