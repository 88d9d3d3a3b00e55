// Helpers for the operations tests: a throwaway PostgreSQL database, a redis-server of the test's
// own (never the shared one on 6379), free ports, and a server process started as `npm start` would.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import pg from "pg";
import { applyMigrations } from "../../server/db/migrations.ts";
import { isPostgresUrl, postgresConnectionFields, withDatabaseName } from "../../server/db/urls.ts";

/** The PostgreSQL server the tests may create databases on (DATABASE_URL's, or the local one). */
export const postgresServerUrl = () =>
  process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : "postgresql://postgres@127.0.0.1:5432/postgres";

export interface PostgresDatabase {
  url: string;
  name: string;
  /** Runs SQL as the administrator (on the server's maintenance database). */
  admin(sql: string, values?: unknown[]): Promise<void>;
  drop(): Promise<void>;
}

export async function createPostgresDatabase(migrate = true): Promise<PostgresDatabase> {
  const server = postgresServerUrl();
  const name = `sitecart_ops_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string, values?: unknown[]) => {
    const client = new pg.Client(postgresConnectionFields(server));
    await client.connect();
    try {
      await client.query(sql, values);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = withDatabaseName(server, name);
  if (migrate) await applyMigrations(url);
  return { url, name, admin, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once("error", reject)
      .listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}

/** A redis-server of this test on `port`; resolves once it accepts connections. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready to accept connections/.test(output)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return child;
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, "exit");
  child.kill(signal);
  const [code] = await exited;
  return code as number | null;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Runs `script` (default server/main.ts) with `env`; does not wait for anything. */
export function runServer(env: Record<string, string>, script = "server/main.ts", cwd = process.cwd()): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd,
    env: { ...process.env, REDIS_URL: "", NODE_OPTIONS: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

/** Resolves with the base URL once the process says it serves; rejects if it exits first. */
export function servingUrl(server: ServerProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /serving on (http:\/\/[^\s,)]+)/.exec(server.output());
      if (match) resolve(match[1].replace("localhost", "127.0.0.1"));
    };
    server.child.stdout!.on("data", check);
    server.child.stderr!.on("data", check);
    void server.exited.then((code) => reject(new Error(`server exited with ${code}: ${server.output()}`)));
    check();
  });
}
