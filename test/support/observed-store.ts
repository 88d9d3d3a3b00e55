// An app whose log the test reads: a fresh database with the demo store, the app on a free port, and
// the log's JSON lines captured from the logger's destination stream.
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { createApp, type App } from "../../server/app.ts";
import { DEMO_WEBSITE_ID, type AppConfig } from "../../server/config.ts";
import type { DependencyCheck } from "../../server/http/metrics.ts";
import { createLogger } from "../../server/http/logging.ts";
import { createRealtimeBus } from "../../server/realtime/pubsub.ts";
import { createTestDb } from "./db.ts";

export interface ObservedStore {
  app: App;
  baseUrl: string;
  /** Every line logged so far, parsed. */
  lines: Record<string, unknown>[];
  /** Resolves with the request line of the request with this id, once it is logged. */
  requestLine(reqId: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startObservedStore(
  options: { production?: boolean; metricsToken?: string | null; dependencyChecks?: Record<string, DependencyCheck> } = {},
): Promise<ObservedStore> {
  const { db, close: closeDb } = await createTestDb({ demoStore: true });
  const bus = createRealtimeBus(null);
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text));
      for (const wake of waiters.splice(0)) wake();
      done();
    },
  });
  const config: Pick<AppConfig, "websiteId" | "production" | "rateLimit" | "metricsToken"> = {
    websiteId: DEMO_WEBSITE_ID,
    production: options.production ?? false,
    rateLimit: { burst: 10_000, perSecond: 10_000 },
    metricsToken: options.metricsToken ?? null,
  };
  const app = createApp({
    db,
    pubsub: bus.pubsub,
    config,
    observability: { logger: createLogger({ level: "info", production: true, destination }), dependencyChecks: options.dependencyChecks },
  });
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function requestLine(reqId: string): Promise<Record<string, unknown>> {
    for (;;) {
      const line = lines.find((candidate) => candidate.msg === "request" && candidate.reqId === reqId);
      if (line) return line;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  return {
    app,
    baseUrl,
    lines,
    requestLine,
    async close() {
      await app.close();
      await bus.close();
      await closeDb();
    },
  };
}
