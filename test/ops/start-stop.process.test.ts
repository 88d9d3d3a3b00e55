// Starting and stopping like a service (point 4): each start-up failure is one line and exit code 1,
// before anything is migrated or built; SIGTERM drains HTTP and WebSocket connections and exits 0;
// a restart on a database that is already there migrates, builds and seeds nothing.
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import WebSocket from "ws";
import { applyMigrations } from "../../server/db/migrations.ts";
import { TestVisitor } from "../support/app.ts";
import { ADD } from "../support/graphql.ts";
import { freePort, runServer, servingUrl, stopProcess, type ServerProcess } from "../support/processes.ts";

let folder: string;
const running: ServerProcess[] = [];
const start = (env: Record<string, string>, script?: string) => {
  const server = runServer({ SITECART_SKIP_CLIENT_BUILD: "1", ...env }, script);
  running.push(server);
  return server;
};
/** Everything a failed start printed, as lines. */
const linesOf = (server: ServerProcess) => server.output().trim().split("\n");

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "sitecart-ops-"));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => stopProcess(server.child, "SIGKILL")));
  rmSync(folder, { recursive: true, force: true });
});

it("refuses a bad variable with one line before migrating or building anything", async () => {
  const database = join(folder, "shop.db");
  const server = start({ PORT: "abc", DATABASE_URL: `file:${database}` }, "scripts/start.ts");
  expect(await server.exited).toBe(1);
  expect(linesOf(server)).toEqual(['Configuration: PORT must be a port number from 0 to 65535, got "abc"']);
  expect(existsSync(database)).toBe(false);
}, 30_000);

it("reports a port in use in one line naming the port, and exits 1", async () => {
  const database = join(folder, "shop.db");
  await applyMigrations(`file:${database}`);
  const occupied: Server = createServer().listen(0, "127.0.0.1");
  await once(occupied, "listening");
  const port = (occupied.address() as { port: number }).port;
  try {
    const server = start({ PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${database}` });
    expect(await server.exited).toBe(1);
    expect(linesOf(server)).toEqual([`Port ${port} is in use on 127.0.0.1: another process is listening there. Stop it or set PORT.`]);
  } finally {
    occupied.close();
  }
}, 30_000);

it("reports a SQLite file held by another process in one line, and exits 1", async () => {
  const database = join(folder, "shop.db");
  // A new file, so npm start would migrate it; another process has it open, as a running server does.
  const holder = new Database(database);
  holder.pragma("journal_mode = WAL");
  holder.prepare("SELECT count(*) FROM sqlite_master").get();
  try {
    const server = start({ PORT: "0", DATABASE_URL: `file:${database}` }, "scripts/start.ts");
    expect(await server.exited).toBe(1);
    expect(linesOf(server)).toEqual([
      `Database: ${database} is held by another process (another Sitecart server?): stop it, or set DATABASE_URL to another file.`,
    ]);
  } finally {
    holder.close();
  }
}, 30_000);

it("reports an unreachable PostgreSQL in one line, and exits 1", async () => {
  const port = await freePort();
  for (const script of ["scripts/start.ts", "server/main.ts"]) {
    const server = start({ PORT: "0", DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/shop` }, script);
    expect(await server.exited).toBe(1);
    expect(linesOf(server)).toEqual([`Database: cannot reach PostgreSQL at 127.0.0.1:${port} (database "shop"): connect ECONNREFUSED 127.0.0.1:${port}`]);
  }
}, 30_000);

it("restarts on a database that is already there without migrating, building or seeding", async () => {
  const env = { PORT: "0", DATABASE_URL: `file:${join(folder, "shop.db")}` };
  const first = start(env, "scripts/start.ts");
  await servingUrl(first);
  expect(first.output()).toContain("Loaded the demo store.");
  await stopProcess(first.child, "SIGKILL");
  const second = start(env, "scripts/start.ts");
  const url = await servingUrl(second);
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  expect(second.output()).not.toMatch(/Loaded the demo store|Building|Prisma/);
}, 60_000);

it("drains on SIGTERM: the request in flight finishes, new connections are refused, WebSockets close with 1001, exit 0", async () => {
  const database = join(folder, "shop.db");
  await applyMigrations(`file:${database}`);
  const server = start({ PORT: "0", HOST: "127.0.0.1", DATABASE_URL: `file:${database}`, SHUTDOWN_TIMEOUT_MS: "10000" });
  const baseUrl = await servingUrl(server);
  const shopper = await new TestVisitor(baseUrl).arrive();
  const posterId = (await shopper.graphql("query { products(first: 50) { edges { node { id slug } } } }")).data;
  const poster = posterId.products.edges.find((edge: { node: { slug: string } }) => edge.node.slug === "city-poster").node.id;

  // A WebSocket client, acknowledged.
  const socket = new WebSocket(`${baseUrl.replace("http", "ws")}/graphql`, "graphql-transport-ws");
  await once(socket, "open");
  socket.send(JSON.stringify({ type: "connection_init" }));
  await once(socket, "message");
  const socketClosed = once(socket, "close");

  // A mutation in flight: headers and half of the body sent.
  const body = JSON.stringify({ query: ADD, variables: { input: { itemId: poster, sku: "POSTER-SMALL" } } });
  const inFlight = request(`${baseUrl}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      cookie: [...shopper.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      "x-csrf-token": shopper.crumb!,
    },
  });
  const answered = once(inFlight, "response");
  inFlight.write(body.slice(0, 20));
  await new Promise((resolve) => inFlight.once("socket", resolve));

  server.child.kill("SIGTERM");
  await new Promise<void>((resolve) => {
    const check = () => /SIGTERM: draining/.test(server.output()) && resolve();
    server.child.stdout!.on("data", check);
    check();
  });
  await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow(); // the listener is closed
  const [code, reason] = await socketClosed;
  expect(code).toBe(1001);
  expect(String(reason)).toBe("Going away");

  inFlight.end(body.slice(20));
  const [response] = (await answered) as [import("node:http").IncomingMessage];
  let text = "";
  for await (const chunk of response) text += chunk;
  expect(response.statusCode).toBe(200);
  expect(JSON.parse(text).errors).toBeUndefined();
  expect(await server.exited).toBe(0);
  expect(server.output()).toMatch(/SIGTERM: stopped in \d+ ms/);
}, 60_000);
