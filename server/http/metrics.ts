// Prometheus metrics at /metrics (prom-client): HTTP request durations by route pattern, GraphQL
// operation durations and errors, the process's default metrics (event-loop lag, memory, CPU), and
// one gauge per dependency (database, Redis) checked when Prometheus scrapes. Only loopback clients
// that did not come through a proxy, or a client with the METRICS_TOKEN, may read them; anyone else
// gets the same 404 as any unknown address (docs/deploy.md).
import { timingSafeEqual } from "node:crypto";
import { createRequire } from "node:module";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { getOperationAST } from "graphql";
import type { Plugin } from "graphql-yoga";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** ioredis (about 17 MB resident) is loaded only when REDIS_URL is set (issue 13: idle memory). */
const loadRedis = () => (createRequire(import.meta.url)("ioredis") as typeof import("ioredis")).Redis;
import { noteGraphQLOperation } from "./logging.ts";
import { GRAPHQL_PATH, isRestPath } from "./paths.ts";

export const METRICS_PATH = "/metrics";

// Default metrics once per process: several apps in one process (tests) share them.
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A check of a dependency: resolves when it answers. */
export type DependencyCheck = () => Promise<unknown>;

export interface MetricsOptions {
  /** REST path patterns (`/api/commerce/cart/:cartId`): a request is labelled with its pattern. */
  restPatterns: readonly string[];
  /** Checked at each scrape, each within `checkTimeoutMs`: 1 when it answered, 0 otherwise. */
  dependencies: Record<string, DependencyCheck>;
  checkTimeoutMs?: number;
  /** The METRICS_TOKEN; null: loopback only. */
  token: string | null;
  /** Tracking ingestion's counters (issue 11), read at scrape time. */
  trackingEvents?: () => Record<"accepted" | "shed" | "dropped" | "written" | "queued", number>;
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);
/** Distinct operation names kept as labels; past that a name is counted as "(other)". */
const MAX_OPERATION_NAMES = 200;
const FIXED_ROUTES = new Set([GRAPHQL_PATH, "/healthz", "/readyz", METRICS_PATH]);

/**
 * The label of a request path: a fixed route, a REST pattern, or a family ("/assets/*", "(static)",
 * "(page)"). Never the raw path, so the number of series stays bounded whatever clients request.
 */
export function routeClassifier(restPatterns: readonly string[]): (path: string) => string {
  const patterns = restPatterns.map((pattern) => ({
    pattern,
    regex: new RegExp(
      `^${pattern
        .replace(/\/$/, "")
        .split("/")
        .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/")}/?$`,
    ),
  }));
  return (path) => {
    if (FIXED_ROUTES.has(path)) return path;
    if (path.startsWith("/assets/")) return "/assets/*";
    if (path.startsWith("/graphiql/")) return "/graphiql/*";
    const rest = patterns.find(({ regex }) => regex.test(path));
    if (rest) return rest.pattern;
    if (isRestPath(path)) return "/api/(unmatched)";
    return /\.[A-Za-z0-9]{1,8}$/.test(path) ? "(static)" : "(page)";
  };
}

const isLoopback = (address: string | undefined): boolean => !!address && (address === "::1" || /^127\./.test(address) || /^::ffff:127\./i.test(address));

/** Headers a proxy adds: a request carrying one came from elsewhere, even over a loopback socket. */
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

function sameSecret(sent: string, token: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a request may read /metrics: the token, or a loopback client not relayed by a proxy. */
export function mayReadMetrics(request: { socket: { remoteAddress?: string }; headers: IncomingHttpHeaders }, token: string | null): boolean {
  const authorization = request.headers.authorization;
  if (token && typeof authorization === "string" && authorization.startsWith("Bearer ") && sameSecret(authorization.slice(7).trim(), token)) return true;
  return isLoopback(request.socket.remoteAddress) && PROXY_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * A check of Redis on a connection of its own (the event bus's clients are busy subscribing), which
 * fails at once while Redis is away instead of queueing, and never throws an unhandled 'error'.
 */
export function redisCheck(url: string): { check: DependencyCheck; close(): void } {
  const client = new (loadRedis())(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectionName: "sitecart-metrics" });
  client.on("error", () => {
    // Reported as sitecart_dependency_up{dependency="redis"} 0; ioredis reconnects by itself.
  });
  return {
    check: async () => {
      if (client.status === "wait") await client.connect();
      return client.ping();
    },
    close: () => client.disconnect(),
  };
}

function withTimeout(check: DependencyCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = Promise.resolve()
    .then(check)
    .then(
      () => true,
      () => false,
    );
  return Promise.race([answered, timeout]).finally(() => clearTimeout(timer));
}

/** One set of latency buckets for HTTP requests and GraphQL operations, so the two compare. */
const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics({ restPatterns, dependencies, checkTimeoutMs = 1000, token, trackingEvents }: MetricsOptions) {
  const registry = new Registry();
  const routeOf = routeClassifier(restPatterns);
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS_SECONDS,
    registers: [registry],
  });
  const operationDuration = new Histogram({
    name: "graphql_operation_duration_seconds",
    help: "GraphQL operations executed, by operation name and type",
    labelNames: ["operation_name", "operation_type"] as const,
    buckets: DURATION_BUCKETS_SECONDS,
    registers: [registry],
  });
  const operationErrors = new Counter({
    name: "graphql_operation_errors_total",
    help: "GraphQL operations answered with errors (operation_type invalid: refused before execution)",
    labelNames: ["operation_name", "operation_type"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "sitecart_dependency_up",
    help: "1 when the dependency answered a check at scrape time (within the timeout), else 0",
    labelNames: ["dependency"] as const,
    registers: [registry],
    async collect() {
      const results = await Promise.all(Object.entries(dependencies).map(async ([name, check]) => [name, await withTimeout(check, checkTimeoutMs)] as const));
      for (const [name, up] of results) this.set({ dependency: name }, up ? 1 : 0);
    },
  });

  if (trackingEvents)
    new Gauge({
      name: "sitecart_tracking_events",
      help: "Tracking events since start by outcome (accepted, shed with 503, dropped by the rules, written), and queued now",
      labelNames: ["outcome"] as const,
      registers: [registry],
      collect() {
        for (const [outcome, count] of Object.entries(trackingEvents())) this.set({ outcome }, count);
      },
    });

  const operationNames = new Set<string>();
  const operationLabel = (name: string | undefined): string => {
    if (!name) return "(anonymous)";
    if (operationNames.has(name)) return name;
    if (operationNames.size >= MAX_OPERATION_NAMES) return "(other)";
    operationNames.add(name);
    return name;
  };

  /** Times each operation, counts those answered with errors, and notes the operation for the log line. */
  const graphqlPlugin: Plugin<{ req?: IncomingMessage }> = {
    onValidate({ params }) {
      return ({ valid }) => {
        if (!valid)
          operationErrors.inc({
            operation_name: operationLabel(params.documentAST && getOperationAST(params.documentAST)?.name?.value),
            operation_type: "invalid",
          });
      };
    },
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const labels = { operation_name: operationLabel(operation?.name?.value), operation_type: operation?.operation ?? "unknown" };
      const request = args.contextValue.req;
      if (request) noteGraphQLOperation(request, { name: operation?.name?.value ?? "(anonymous)", type: labels.operation_type });
      const stop = operationDuration.startTimer(labels);
      return {
        onExecuteDone({ result }) {
          stop();
          if ("errors" in result && result.errors?.length) operationErrors.inc(labels);
        },
      };
    },
  };

  return {
    graphqlPlugin,
    /** Records a finished request. */
    observeRequest(method: string, path: string, status: number, durationMs: number) {
      httpDuration.observe({ method: KNOWN_METHODS.has(method) ? method : "OTHER", route: routeOf(path), status: String(status) }, durationMs / 1000);
    },
    /** Answers /metrics, or the given 404 for a client that may not read it. */
    async handle(request: IncomingMessage, response: ServerResponse, notFound: () => void) {
      if (!mayReadMetrics(request, token)) return notFound();
      const merged = Registry.merge([processMetrics(), registry]);
      const body = await merged.metrics();
      response.writeHead(200, { "content-type": merged.contentType, "cache-control": "no-store" });
      response.end(body);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
