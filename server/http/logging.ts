// The server's log (pino): JSON lines in production, for a log shipper; readable text in development
// (pino-pretty, run in-process: no worker thread, nothing to resolve at run time). One line per
// request with its id, method, path, status, duration, the GraphQL operation and the visitor's
// hashed id. Never the raw cookie, cart token or client address: the log is not a place for secrets.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { YogaLogger } from "graphql-yoga";
import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { createRequire } from "node:module";
import type PrettyModule from "pino-pretty";
import type { LogLevel } from "../config.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";

export type { Logger };

export interface LoggerSettings {
  level: LogLevel;
  production: boolean;
  /** Where the lines go (tests capture them). Default: stdout. */
  destination?: DestinationStream;
}

export function createLogger({ level, production, destination }: LoggerSettings): Logger {
  const options: LoggerOptions = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    // "level":"info" rather than 30: what a person grepping shipped logs expects.
    formatters: { level: (label) => ({ level: label }) },
  };
  if (production) return destination ? pino(options, destination) : pino(options);
  const colorize = !destination && process.stdout.isTTY === true;
  // pino-pretty (about 10 MB resident) is only for development: loaded here, not in production.
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof PrettyModule;
  return pino(options, pretty({ sync: true, colorize, singleLine: true, translateTime: "HH:MM:ss.l", ignore: "pid,hostname", destination: destination ?? 1 }));
}

/** A logger that writes nothing (apps built by tests that do not look at the log). */
export const silentLogger = (): Logger => pino({ level: "silent" });

/**
 * The visitor's id in the log: a digest of their crumb (else their cart token), enough to follow one
 * visitor's requests, useless to act as them. Both are random secrets, so a digest cannot be reversed.
 */
export function hashedVisitorId(visitor: { crumb: string | null; cartToken: string | null }): string | null {
  const secret = visitor.crumb ?? visitor.cartToken;
  return secret ? createHash("sha256").update(secret).digest("base64url").slice(0, 16) : null;
}

/** The GraphQL operation a request ran, noted by the GraphQL plugin (http/metrics.ts) for its log line. */
export interface GraphQLOperationNote {
  name: string;
  type: string;
}
const operations = new WeakMap<IncomingMessage, GraphQLOperationNote>();

export function noteGraphQLOperation(request: IncomingMessage, operation: GraphQLOperationNote): void {
  operations.set(request, operation);
}

export interface RequestLogLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  visitor: string | null;
  operationName?: string;
  operationType?: string;
  /** The client went away before the response was complete. */
  aborted?: true;
}

/**
 * Gives the request its id (X-Request-Id on the response, whatever answers it) and logs one line when
 * the response is done: `error` for 5xx, `info` otherwise. Returns the id.
 */
export function logRequest(
  logger: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  visitor: { crumb: string | null; cartToken: string | null },
  onDone?: (line: RequestLogLine) => void,
): string {
  const reqId = requestIdOf(request.headers);
  response.setHeader(REQUEST_ID_HEADER, reqId);
  const started = process.hrtime.bigint();
  response.once("close", () => {
    const operation = operations.get(request);
    const line: RequestLogLine = {
      reqId,
      method: request.method ?? "GET",
      // The path only: query strings may carry a crumb.
      path: new URL(request.url ?? "/", "http://localhost").pathname,
      status: response.statusCode,
      durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
      visitor: hashedVisitorId(visitor),
      ...(operation ? { operationName: operation.name, operationType: operation.type } : {}),
      ...(response.writableFinished ? {} : { aborted: true as const }),
    };
    if (line.status >= 500) logger.error(line, "request");
    else logger.info(line, "request");
    onDone?.(line);
  });
  return reqId;
}

/** Yoga's own messages (masked errors with their originals, warnings) through the same logger. */
export function yogaLogger(logger: Logger): YogaLogger {
  const forward =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const text = args.filter((arg) => typeof arg === "string").join(" ");
      logger[level](error ? { err: error } : {}, text || (error instanceof Error ? error.message : "graphql"));
    };
  return { debug: forward("debug"), info: forward("info"), warn: forward("warn"), error: forward("error") };
}
