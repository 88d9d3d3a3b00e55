// With Redis, the tracking events of every site go through one stream (event-stream.ts): one producer
// and one consumer per process, not per site (a pool of 200 sites would otherwise hold 400 Redis
// connections), and the consumer hands each site's events to that site's own writer, so each is kept
// or dropped by its own site's cookie policy.
import type { Db } from "../../db/client.ts";
import { JobLeases, processHolder } from "../jobs/lease.ts";
import { StreamConsumer, StreamProducer } from "./event-stream.ts";
import type { PendingEvent } from "./event-writer.ts";

export interface SharedEventStream {
  /** Where every site's queue sends its batches. */
  producer: { write(batch: readonly PendingEvent[]): Promise<void> };
  /** Starts the consumer (on the first tracking call of any site). */
  start(): void;
}

export class SitesEventStream implements SharedEventStream {
  readonly producer: StreamProducer;
  readonly #consumer: StreamConsumer;
  #started = false;

  constructor(
    redisUrl: string,
    db: Db,
    /** Stores one site's events through that site's writer (its policy). */
    writeSite: (websiteId: string, batch: readonly PendingEvent[]) => Promise<void>,
    now: () => Date = () => new Date(),
    options: { key?: string } = {},
  ) {
    this.producer = new StreamProducer(redisUrl, options.key);
    const bySite = {
      write: async (batch: readonly PendingEvent[]) => {
        const groups = new Map<string, PendingEvent[]>();
        for (const event of batch) {
          const group = groups.get(event.row.websiteId);
          if (group) group.push(event);
          else groups.set(event.row.websiteId, [event]);
        }
        for (const [websiteId, group] of groups) await writeSite(websiteId, group);
      },
    };
    this.#consumer = new StreamConsumer(redisUrl, bySite, new JobLeases(db, processHolder(), now), { key: options.key });
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#consumer.start();
  }

  async close(): Promise<void> {
    await this.#consumer.close();
    await this.producer.close();
  }
}
