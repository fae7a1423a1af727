import { useEffect, useRef, useState } from 'react';

/**
 * A signal that aborts when the component unmounts, for work it starts once and keeps for its whole life
 * (a waveform read in pieces): pass it to the requests, so they stop when the page goes, and a read that
 * chains more requests stops chaining. Work of one effect run keeps its own controller, aborted by that
 * run's cleanup.
 *
 * StrictMode's rehearsal in development (every effect cleaned up and set up again at once) does not abort
 * it: an abort there would stop the first run's requests, and a hook that asks for each thing once would
 * never ask again. So the abort waits a microtask, and a setup in between keeps the signal.
 */
export function useUnmountSignal(): AbortSignal {
  const [controller] = useState(() => new AbortController());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      queueMicrotask(() => {
        if (!mounted.current) controller.abort();
      });
    };
  }, [controller]);
  return controller.signal;
}
