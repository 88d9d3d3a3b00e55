// Interval timers, injected wherever the server repeats work on its own (the scheduled jobs, the live
// visitor counter), so tests fire them by hand instead of waiting for real time to pass.

export interface Timers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** Node's timers, unref'd: a pending tick never keeps the process alive by itself. */
export const realTimers: Timers = {
  setInterval: (callback, ms) => setInterval(callback, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};
