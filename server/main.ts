// Reads the configuration, opens the database, on first run loads the demo store (SITECART_DEMO) or makes
// an empty site, and listens; a site without an owner gets a one-time setup link, printed once it serves
// (docs/operations.md "Going to production"). No password is ever printed in production. On
// SIGTERM/SIGINT drains (requests in flight finish, WebSocket clients are closed with 1001) and exits
// 0 within SHUTDOWN_TIMEOUT_MS. A start-up failure is one line and exit code 1 (docs/operations.md).
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { DEMO_SIGN_INS, ensureDemoStore, retirePublishedPasswords } from "../prisma/seed.ts";
import { createApp } from "./app.ts";
import { siteSetupMessages } from "./domain/messages/site-setup.ts";
import { SETUP_LINK_HOURS } from "./domain/site/site-setup.ts";
import { ensureEmptySite, issueSetupLink, siteHasOwner } from "./services/site/site-setup.ts";
import { DEFAULT_ANALYTICS_SECRET_FILE, DEFAULT_PAYMENTS_KEY_FILE, readConfigOrExit } from "./config.ts";
import { isDatabaseUnavailable } from "./db/availability.ts";
import { createDb } from "./db/client.ts";
import { databaseProblem } from "./db/preflight.ts";
import { providerOf } from "./db/urls.ts";
import { createLogger } from "./http/logging.ts";
import { createRealtimeBus } from "./realtime/pubsub.ts";
import { processLogger, setProcessLogger } from "./services/support/log.ts";
import { persistedSecret } from "./services/analytics/ingest.ts";
import { newEncryptionKey, parseEncryptionKey } from "./services/payments/secret-box.ts";
import { projectRoot } from "./db/urls.ts";
import { resolve } from "node:path";

const fail = (line: string): never => {
  console.error(line);
  process.exit(1);
};

/** Why `host:port` cannot be listened on, as one line; null when it can. */
function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string | null {
  if (error.code === "EADDRINUSE") return `Port ${port} is in use on ${host}: another process is listening there. Stop it or set PORT.`;
  if (error.code === "EACCES") return `Port ${port} on ${host} needs privileges this process does not have: set PORT above 1023.`;
  if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND") return `HOST ${host} is not an address of this machine.`;
  return null;
}

/**
 * Binds the address once and lets it go: a port in use is reported here, in one line, rather than
 * through the HTTP server, whose listen errors the WebSocket server also reports (with a stack).
 */
function probeListen(host: string, port: number): Promise<NodeJS.ErrnoException | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error) => resolve(error));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

const config = readConfigOrExit();
const problem = await databaseProblem(config.databaseUrl);
if (problem) fail(problem);
const busy = await probeListen(config.host, config.port);
if (busy) fail(listenProblem(busy, config.host, config.port) ?? `Cannot listen on ${config.host}:${config.port}: ${busy.message}`);

const db = await createDb(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
try {
  if (config.demoStore) {
    // In production the demo's sign-ins get passwords nobody knows: the README's would open a live admin.
    if (await ensureDemoStore(db, config.websiteId, { knownPasswords: !config.production }))
      console.log(config.production ? siteSetupMessages.demoHiddenPasswords : siteSetupMessages.demoLoaded);
  } else await ensureEmptySite(db, config.websiteId, siteSetupMessages.newStoreTitle);
  // A site seeded before (or with `npm run seed`) may still hold the README's passwords: never in production.
  if (config.production) {
    const replaced = await retirePublishedPasswords(db, config.websiteId);
    if (replaced > 0) console.log(siteSetupMessages.publishedPasswordsRetired(replaced));
  }
} catch (error) {
  if (isDatabaseUnavailable(error)) fail(`Database: cannot use ${providerOf(config.databaseUrl)}: ${(error as Error).message.trim().split("\n").pop()}`);
  throw error;
}
const bus = createRealtimeBus(config.redisUrl, (line) => processLogger().warn(line));
// One logger for requests and for the services' own messages (docs/deploy.md).
const logger = createLogger({ level: config.logLevel, production: config.production });
setProcessLogger(logger);
// The analytics ids' key: ANALYTICS_SECRET, else one generated on first start and kept beside the database.
const analyticsSecret = config.analyticsSecret ?? persistedSecret(resolve(projectRoot, DEFAULT_ANALYTICS_SECRET_FILE));
// Payment secrets' key: PAYMENTS_ENCRYPTION_KEY; in development one generated and kept beside the
// database; in production none, so connecting is refused until the operator sets it.
const paymentsEncryptionKey =
  config.paymentsEncryptionKey ??
  (config.production ? null : parseEncryptionKey(persistedSecret(resolve(projectRoot, DEFAULT_PAYMENTS_KEY_FILE), () => newEncryptionKey().toString("hex"))));
const app = createApp({
  db,
  pubsub: bus.pubsub,
  config: { ...config, analyticsSecret, paymentsEncryptionKey },
  redisReady: bus.redisReady,
  observability: { logger },
});

app.server.once("error", (error: NodeJS.ErrnoException) => fail(listenProblem(error, config.host, config.port) ?? `Cannot listen: ${error.message}`));
app.server.listen(config.port, config.host, () => {
  app.jobs.start();
  app.services.analytics.start();
  const { port } = app.server.address() as AddressInfo;
  const loopbackOrAny = ["127.0.0.1", "::1", "localhost", "0.0.0.0", "::"].includes(config.host);
  const base = `http://${loopbackOrAny ? "localhost" : config.host}:${port}`;
  console.log(`Sitecart is serving on ${base} (${providerOf(config.databaseUrl)}${config.redisUrl ? ", events through Redis" : ""})`);
  console.log(`GraphQL: ${base}/graphql`);
  if (!config.redisUrl && providerOf(config.databaseUrl) === "postgresql") {
    console.log("Running several server processes? Set REDIS_URL so they share cart events and cache invalidations.");
  }
  // PORT=0 (tests) without SITECART_PUBLIC_URL: the link names the port actually listened on.
  printSetup(config.port === 0 && config.publicUrl.endsWith(":0") ? base : config.publicUrl).catch((error: Error) =>
    console.error(`Could not print the setup link: ${error.message.trim().split("\n").pop()}`),
  );
});

/**
 * The demo's sign-ins (outside production, when their passwords are the README's), or for a site
 * without an owner a new one-time setup link (earlier ones retired). A single-site deployment's
 * site only: with PLATFORM_DOMAIN, `npm run site -- create` and `npm run owner` make the owners.
 */
async function printSetup(baseUrl: string) {
  if (config.platformDomain) return;
  const accounts = await db.account.findMany({ where: { websiteId: config.websiteId, role: { not: null } }, select: { email: true, role: true } });
  const demo = DEMO_SIGN_INS.filter((signIn) => signIn.role !== null && accounts.some((account) => account.email === signIn.email));
  if (!config.production && demo.length > 0) {
    console.log(siteSetupMessages.demoSignIns);
    for (const signIn of DEMO_SIGN_INS) console.log(`  ${signIn.label.padEnd(14)} ${signIn.email} / ${signIn.password}`);
  }
  if (await siteHasOwner(db, config.websiteId)) return;
  const { url } = await issueSetupLink(db, config.websiteId, { baseUrl });
  console.log(`${siteSetupMessages.startSetupLink(SETUP_LINK_HOURS)}\n  ${url}`);
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  console.log(`${signal}: draining connections (at most ${config.shutdownTimeoutMs} ms)`);
  // Should closing itself hang (it does not, but a bound is a bound), leave anyway.
  setTimeout(() => fail(`${signal}: still stopping ${config.shutdownTimeoutMs + 5000} ms later; exiting.`), config.shutdownTimeoutMs + 5000).unref();
  await app.close({ drainMs: config.shutdownTimeoutMs });
  await bus.close();
  await db.$disconnect();
  console.log(`${signal}: stopped in ${Date.now() - started} ms`);
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
