// The bounded queue between the tracking calls and the event writer (issue 11). A call's events go in
// whole or not at all; when they would not fit, the call is shed (503) and counted, so a flood costs
// a bounded amount of memory and never slows the store. The writer takes batches from the front.

export class EventQueue<T> {
  #items: T[] = [];
  #waiters: (() => void)[] = [];
  /** Events refused because the queue was full (the shed counter). */
  shed = 0;
  /** Events accepted since start. */
  accepted = 0;

  constructor(
    readonly maxSize: number,
    /** Wakes the writer early once this many events wait. */
    readonly batchSize: number,
  ) {}

  get size(): number {
    return this.#items.length;
  }

  /** Adds the events unless they would overflow the bound; false (and counted as shed) when they would. */
  offer(items: readonly T[]): boolean {
    if (this.#items.length + items.length > this.maxSize) {
      this.shed += items.length;
      return false;
    }
    for (const item of items) this.#items.push(item);
    this.accepted += items.length;
    if (this.#items.length >= this.batchSize) this.#wake();
    return true;
  }

  /** Up to `count` events from the front. */
  take(count: number): T[] {
    return this.#items.splice(0, count);
  }

  /** Puts a batch the writer could not store back at the front (it was accepted: it is not shed). */
  putBack(items: readonly T[]): void {
    this.#items.unshift(...items);
  }

  /** Resolves when a batch is full or after `ms`, whichever comes first. */
  wait(ms: number): Promise<void> {
    if (this.#items.length >= this.batchSize) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters = this.#waiters.filter((waiter) => waiter !== done);
        resolve();
      };
      // Unref'd: a pending flush never keeps the process alive by itself.
      const timer = setTimeout(done, ms);
      timer.unref?.();
      this.#waiters.push(done);
    });
  }

  /** Wakes a waiting writer at once (closing). */
  wake(): void {
    this.#wake();
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
