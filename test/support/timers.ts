// Injected timers for tests (server/services/support/timers.ts): nothing waits for real time.
import type { Timers } from "../../server/services/support/timers.ts";

/** Timers that never fire: the test runs the work itself (runDue, flush). */
export const noTimers: Timers = { setInterval: () => 0, clearInterval: () => undefined };

/** Timers fired by hand: `fire()` runs every active interval's callback once. */
export function manualTimers(): Timers & { fire(): void; active(): number } {
  const handles = new Map<number, () => void>();
  let next = 0;
  return {
    setInterval: (callback) => {
      handles.set(++next, callback);
      return next;
    },
    clearInterval: (handle) => void handles.delete(handle as number),
    fire: () => [...handles.values()].forEach((callback) => callback()),
    active: () => handles.size,
  };
}
