// A real `npm start` on a fresh SQLite database (the client is built by it), for browser tests. It
// listens on port 0 and the harness reads the port the server prints, so no port is picked, released
// and raced for. JOBS=off: no scheduled job rewrites what a test wrote into the database behind its
// back (the rollups, the retention); a test that needs a job runs it itself.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../../server/db/urls.ts";

export interface RunningStore {
  baseUrl: string;
  /** The store's SQLite database, for the rare fixture no public call can make (time passing). */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** The line main.ts prints once it serves, with the port it was given. */
const SERVING = /serving on http:\/\/[^:\s]+:(\d+)/;

export interface StoreStart {
  /** More variables for the server (PLATFORM_DOMAIN...). */
  env?: Record<string, string>;
  /** Fills the database before the server starts (several sites, their plans). */
  prepare?(databaseUrl: string): Promise<void>;
}

export async function startStore({ env = {}, prepare }: StoreStart = {}): Promise<RunningStore> {
  const folder = mkdtempSync(join(tmpdir(), "sitecart-e2e-"));
  const databaseUrl = `file:${join(folder, "e2e.db")}`;
  await prepare?.(databaseUrl);
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: projectRoot,
    env: { ...process.env, PORT: "0", DATABASE_URL: databaseUrl, REDIS_URL: "", CAPTCHA_VERIFIER: "test", JOBS: "off", NODE_OPTIONS: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const serving = SERVING.exec(output);
      if (serving) resolve(Number(serving[1]));
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid!, "SIGTERM"); // npm and the server it started
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
