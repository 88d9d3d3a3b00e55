// A real `npm start` on a fresh SQLite database (the client is built by it), for browser tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../../server/db/urls.ts";

export interface RunningStore {
  baseUrl: string;
  /** The store's SQLite database, for the rare fixture no public call can make (time passing). */
  databaseUrl: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export async function startStore(): Promise<RunningStore> {
  const folder = mkdtempSync(join(tmpdir(), "sitecart-e2e-"));
  const port = await freePort();
  const databaseUrl = `file:${join(folder, "e2e.db")}`;
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, REDIS_URL: "", CAPTCHA_VERIFIER: "test", NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/serving on http/.test(output)) resolve();
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
