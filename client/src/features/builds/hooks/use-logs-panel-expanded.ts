import { useState } from 'react';
import { isActiveBuild, type Build } from '@/lib/api/schemas';
import { useStoredBoolean } from '@/lib/stored-boolean';

const EXPANDED_KEY = 'build-logs-panel-expanded';
/** Phones and narrow windows (the app's 40rem breakpoint in styles.css). */
const NARROW_QUERY = '(max-width: 40rem)';

const narrowAtStart = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

/**
 * Whether the Build Logs panel is open. Folded while the project has no build (it would only say so, and
 * the code needs the height); once it has one, as the user last left it (by default open, but folded on a
 * phone, where the open panel left about eight lines of code); and a build started while the page is open
 * opens it. `latest` is undefined while the latest build loads.
 */
export function useLogsPanelExpanded(latest: Build | null | undefined): [boolean, () => void] {
  const [stored, setStored] = useStoredBoolean(EXPANDED_KEY);
  const [narrow] = useState(narrowAtStart);
  // This visit's choice (a toggle, or a build starting), over the remembered one.
  const [choice, setChoice] = useState<boolean | null>(null);
  const id = latest === undefined ? undefined : (latest?.id ?? null);
  const [knownId, setKnownId] = useState(id);
  if (id !== undefined && id !== knownId) {
    setKnownId(id);
    // Not the build found on arrival (knownId undefined then) but a new one, queued or running: open.
    if (knownId !== undefined && latest && isActiveBuild(latest)) setChoice(true);
  }
  const expanded = choice ?? (latest ? (stored ?? !narrow) : false);
  const toggle = () => {
    setChoice(!expanded);
    setStored(!expanded);
  };
  return [expanded, toggle];
}
