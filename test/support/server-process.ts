// A real server process for the crash tests: `node --import tsx server/main.ts` on a database, on a free
// port, with no Redis, no rate limit (the tests send many requests at once from one address) and no job timers.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../../server/db/urls.ts";

export interface Server {
  process: ChildProcess;
  baseUrl: string;
  exited: Promise<NodeJS.Signals | number | null>;
}

export interface StartServerOptions {
  /** Added to (and overriding) the process's environment. */
  env?: Record<string, string>;
  /** How long the server may take to say it serves. */
  startTimeoutMs: number;
}

/** Stops, one after the other, the servers still running, with `signal`; resolves once they have exited. */
export async function stopServers(servers: Server[], signal: NodeJS.Signals): Promise<void> {
  for (const server of servers) {
    if (server.process.exitCode === null && server.process.signalCode === null) {
      server.process.kill(signal);
      await server.exited;
    }
  }
}

/** Starts the server on `databaseUrl`; resolves once it serves, rejects if it exits or times out first. */
export function startServer(databaseUrl: string, { env = {}, startTimeoutMs }: StartServerOptions): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", join(projectRoot, "server/main.ts")], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: "0", REDIS_URL: "", RATE_LIMIT_BURST: "0", JOBS: "off", NODE_OPTIONS: "--no-warnings", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startTimeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ process: child, baseUrl: match[1].replace("localhost", "127.0.0.1"), exited });
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.on("exit", () => reject(new Error(`server exited before serving:\n${output}`)));
  });
}
