/**
 * Lets the browser run what is waiting (input, rendering, other tasks) before the caller goes on, so a
 * chain of setup steps is several short tasks rather than one long one: a phone's main thread must
 * not be blocked for long (Lighthouse's total blocking time). `scheduler.yield` keeps the caller's
 * priority where the browser has it; elsewhere a zero-delay timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
