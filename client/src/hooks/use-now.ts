import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` while `ticking` (a running build's duration counts up). */
export function useNow(ticking: boolean, intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [ticking, intervalMs]);
  return now;
}
