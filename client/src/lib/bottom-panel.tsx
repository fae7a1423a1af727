import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

// The shell owns the bottom panel's place in the layout; pages (the editor's build logs) fill it.
const SlotContext = createContext<{ slot: HTMLElement | null; setSlot: (slot: HTMLElement | null) => void } | null>(
  null,
);

export function BottomPanelProvider({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return <SlotContext.Provider value={{ slot, setSlot }}>{children}</SlotContext.Provider>;
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
