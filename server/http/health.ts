// /healthz is liveness: 200 while the process serves HTTP, whatever its dependencies do (a load
// balancer or supervisor restarts a process only when this fails). /readyz is readiness: 200 when
// the database answers and Redis (when configured) is connected, 503 naming what is down, so a
// proxy stops sending traffic to an instance that cannot serve it.
import type { ServerResponse } from "node:http";

export const LIVENESS_PATH = "/healthz";
export const READINESS_PATH = "/readyz";

export interface ReadinessChecks {
  /** Whether the database answers (bounded in time). */
  database(): Promise<boolean>;
  /** Whether Redis is connected; null when the process runs without Redis. */
  redis(): boolean | null;
}

type Status = "up" | "down";

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

/** Answers the two health paths; false for any other path. */
export async function serveHealth(pathname: string, response: ServerResponse, checks: ReadinessChecks): Promise<boolean> {
  if (pathname === LIVENESS_PATH) {
    send(response, 200, { status: "ok" });
    return true;
  }
  if (pathname !== READINESS_PATH) return false;
  const redisUp = checks.redis();
  const dependencies: Record<string, Status> = { database: (await checks.database()) ? "up" : "down" };
  if (redisUp !== null) dependencies.redis = redisUp ? "up" : "down";
  const down = Object.keys(dependencies).filter((name) => dependencies[name] === "down");
  send(response, down.length ? 503 : 200, { status: down.length ? "unavailable" : "ready", ...dependencies, ...(down.length ? { down } : {}) });
  return true;
}
