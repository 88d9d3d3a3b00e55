// The pump's drains run one after another (event-writer.ts QueuePump): a flush that finds the queue
// empty while an earlier drain is still writing the batch it took waits for that write, so a caller of
// flush() reads every event it queued (a PostgreSQL CI run met the race: three events were missing).
import { EventQueue } from "../../../server/services/analytics/event-queue.ts";
import { QueuePump, type PendingEvent } from "../../../server/services/analytics/event-writer.ts";

const event = (id: number) => ({ row: { id } }) as unknown as PendingEvent;

it("a flush waits for the batch an earlier drain is still writing", async () => {
  const queue = new EventQueue<PendingEvent>(100, 10);
  const written: PendingEvent[] = [];
  let release!: () => void;
  const firstWrite = new Promise<void>((resolve) => (release = resolve));
  let writes = 0;
  const pump = new QueuePump(
    queue,
    {
      async write(batch) {
        writes += 1;
        if (writes === 1) await firstWrite;
        written.push(...batch);
      },
    },
    { flushMs: 1_000, batchSize: 10 },
  );
  queue.offer([event(1), event(2)]);
  const timersDrain = pump.drain(); // takes the batch and waits in its write
  let flushed = false;
  const flush = pump.drain().then(() => (flushed = true));
  await Promise.resolve();
  await Promise.resolve();
  expect(queue.size).toBe(0);
  expect(flushed).toBe(false);
  release();
  await Promise.all([timersDrain, flush]);
  expect(written).toHaveLength(2);
  expect(flushed).toBe(true);
});
