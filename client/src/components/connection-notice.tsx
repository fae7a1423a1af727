import { useEffect, useRef } from 'react';
import { WifiOff } from 'lucide-react';
import { useSWRConfig } from 'swr';
import { reportConnection, useConnectionLost } from '@/lib/connection';
import './connection-notice.css';

/** How often the gateway is asked whether it is back, while it is not. */
export const RECONNECT_PROBE_MS = 2000;

/** Whether the gateway answers at all: its readiness route (both modes, no sign-in needed). */
async function gatewayAnswers(): Promise<boolean> {
  try {
    return (await fetch('/readyz', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * The shell's one notice that the gateway cannot be reached (lib/connection.ts): shown as soon as a
 * call gets no answer, so a page does not go on looking live (a running build's stage and Cancel)
 * while nothing reaches it. Meanwhile the gateway is asked every {@link RECONNECT_PROBE_MS}; once it
 * answers (a probe or any call), the notice goes and every loaded view asks for its data again.
 * A polite status region that is always in the page, so the change is announced.
 */
export function ConnectionNotice() {
  const lost = useConnectionLost();
  const { mutate } = useSWRConfig();
  const wasLost = useRef(false);

  useEffect(() => {
    if (!lost) {
      // Back: what the page shows may be stale by however long the connection was gone.
      if (wasLost.current) void mutate(() => true);
      wasLost.current = false;
      return;
    }
    wasLost.current = true;
    let stopped = false;
    const timer = window.setInterval(() => {
      void gatewayAnswers().then((answers) => {
        if (answers && !stopped) reportConnection(true);
      });
    }, RECONNECT_PROBE_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [lost, mutate]);

  return (
    <div role="status" className="connection-notice-region">
      {lost && (
        <p className="connection-notice">
          <WifiOff size={16} aria-hidden="true" />
          Connection to the server lost — retrying…
        </p>
      )}
    </div>
  );
}
