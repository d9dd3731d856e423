/**
 * Ends the current task: start-up work runs in pieces between which the browser may paint and answer
 * input, each under the 50 ms from which a phone's long task counts (Lighthouse's total blocking time).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
