// Whether a failure means "the database cannot be reached" (down, refusing connections, connections
// cut) rather than a fault in the request. Such failures answer 503 with a clear message instead of
// 500 (app.ts, the REST router, GraphQL), and /readyz reports them; the pool reconnects on its own
// when the database returns, so nothing needs restarting.
import type { Db } from "./client.ts";

/** Prisma's codes for "can't reach", "timed out", "connection closed" and "pool timeout". */
const UNREACHABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNREACHABLE_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseDoesNotExist",
  "DatabaseAccessDenied",
  "AuthenticationFailed",
  "ConnectionClosed",
  "TlsConnectionError",
  "TooManyConnections",
  "SocketTimeout",
]);
/** SQLITE_BUSY, SQLITE_LOCKED, SQLITE_IOERR, SQLITE_CANTOPEN (primary result codes). */
const UNAVAILABLE_SQLITE_CODES = new Set([5, 6, 10, 14]);
const UNREACHABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE"]);

type AdapterCause = { kind?: string; code?: string; severity?: string; extendedCode?: number };

function isUnreachableCause(cause: AdapterCause | undefined): boolean {
  if (!cause?.kind) return false;
  if (UNREACHABLE_ADAPTER_KINDS.has(cause.kind)) return true;
  // A FATAL error ends the session (e.g. "database is not accepting connections", "terminating
  // connection due to administrator command"); class 08 is "connection exception", 57P "operator intervention".
  if (cause.kind === "postgres") return cause.severity === "FATAL" || /^(08|57P)/.test(cause.code ?? "");
  if (cause.kind === "sqlite") return UNAVAILABLE_SQLITE_CODES.has((cause.extendedCode ?? -1) & 0xff);
  return false;
}

/** Whether `error` (or what it wraps) says the database cannot be used right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const candidate = error as {
    name?: string;
    code?: unknown;
    errorCode?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: { cause?: AdapterCause } };
    originalError?: unknown;
  };
  if (typeof candidate.code === "string" && (UNREACHABLE_PRISMA_CODES.has(candidate.code) || UNREACHABLE_NODE_CODES.has(candidate.code))) return true;
  if (typeof candidate.errorCode === "string" && UNREACHABLE_PRISMA_CODES.has(candidate.errorCode)) return true;
  if (candidate.name === "PrismaClientInitializationError") return true;
  if (isUnreachableCause(candidate.meta?.driverAdapterError?.cause)) return true;
  if (candidate.name === "DriverAdapterError" && isUnreachableCause(candidate.cause as AdapterCause)) return true;
  return isDatabaseUnavailable(candidate.originalError, depth + 1) || isDatabaseUnavailable(candidate.cause, depth + 1);
}

/** Whether the database answers a trivial query within `timeoutMs` (for /readyz). */
export async function pingDatabase(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([db.$queryRawUnsafe("SELECT 1").then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
