// npm run site -- <command>: the operator's sites (issue 21), through the same service as the operator
// API (server/services/site/operator.ts). Reads DATABASE_URL, PLATFORM_DOMAIN, SITECART_PUBLIC_URL and
// REDIS_URL like the server. A change is told to running servers through Redis when REDIS_URL is set
// (they drop their answers about hosts at once); without it they read again within 30 seconds.
// Exit codes: 0 done, 1 refused (the reason on stderr), 2 bad arguments (with the usage).
import { setTimeout as delay } from "node:timers/promises";
import { INVITATION_DAYS } from "../server/domain/members/people.ts";
import { operatorMessages as say } from "../server/domain/messages/operator.ts";
import { REMOVED_RETENTION_DAYS } from "../server/domain/site/site-status.ts";
import { createRealtimeBus } from "../server/realtime/pubsub.ts";
import type { OperatorSiteView } from "../server/services/site/operator.ts";
import { exitWithUsage, parseArgsOrExit, runCli, type Cli } from "./cli.ts";

const USAGE = `usage: npm run site -- <command>
  create --name NAME --owner EMAIL [--slug SLUG] [--host HOST] [--currency CODE] [--trial]
  list
  status SITE STATUS        (STATUS: expired, pastDue, trial, beta, removed, internal, comped, paid)
  add-domain SITE HOST [--primary]
  remove-domain HOST
  remove SITE
SITE is a site's id, slug or one of its host names.`;

const usage = (problem?: string): never => exitWithUsage(USAGE, problem);

const OPTIONS = {
  create: {
    name: { type: "string" },
    owner: { type: "string" },
    slug: { type: "string" },
    host: { type: "string" },
    currency: { type: "string" },
    trial: { type: "boolean" },
  },
  list: {},
  status: {},
  "add-domain": { primary: { type: "boolean" } },
  "remove-domain": {},
  remove: {},
} as const;
/** The positional arguments each command takes after its name. */
const POSITIONALS: Record<keyof typeof OPTIONS, number> = { create: 0, list: 0, status: 2, "add-domain": 2, "remove-domain": 1, remove: 1 };

const command = process.argv[2] as keyof typeof OPTIONS;
if (!Object.hasOwn(OPTIONS, command)) usage(process.argv[2] ? `unknown command: ${process.argv[2]}` : undefined);
const { values, positionals: args } = parseArgsOrExit(USAGE, {
  args: process.argv.slice(3),
  options: OPTIONS[command],
  allowPositionals: true,
  strict: true,
}) as { values: Record<string, string | boolean | undefined>; positionals: string[] };
if (args.length !== POSITIONALS[command]) usage(`${command} takes ${POSITIONALS[command]} argument(s), got ${args.length}`);
if (command === "create" && (!values.name || !values.owner)) usage("create needs --name and --owner");

const label = (site: OperatorSiteView) => site.slug ?? site.id;
const printAddresses = ({ directory }: Cli, site: OperatorSiteView) => {
  console.log(say.cliAddresses);
  for (const entry of site.hosts) console.log(`  ${directory.hostUrl(entry.host)}${entry.primary ? " (primary)" : ""}`);
};

function printList(sites: OperatorSiteView[]) {
  if (sites.length === 0) return console.log(say.cliNoSites);
  const rows = [
    ["id", "slug", "title", "status", "created", "hosts (primary first)"],
    ...sites.map((site) => [
      site.id,
      site.slug ?? "-",
      site.title,
      site.status ?? String(site.statusCode),
      site.createdAt.toISOString().slice(0, 10),
      site.hosts.map((entry) => entry.host).join(", ") || "-",
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join("  "));
}

/** Runs the command; answers the sites whose change running servers must hear of. */
async function run(cli: Cli): Promise<string[]> {
  const { operator } = cli;
  switch (command) {
    case "create": {
      const { site, setupUrl } = await operator.createSite({
        name: values.name,
        owner: values.owner,
        slug: values.slug as string | undefined,
        host: values.host as string | undefined,
        currency: values.currency as string | undefined,
        trial: values.trial === true,
      });
      console.log(say.cliCreated(site.id));
      printAddresses(cli, site);
      console.log(`${say.cliSetupLink(INVITATION_DAYS)}\n  ${setupUrl}`);
      return [site.id];
    }
    case "list":
      printList(await operator.sites());
      return [];
    case "status": {
      const site = await operator.setStatus(args[0], args[1]);
      console.log(say.cliStatusSet(label(site), site.status ?? args[1]));
      return [site.id];
    }
    case "add-domain": {
      const site = await operator.addDomain(args[0], args[1], values.primary === true);
      console.log(say.cliDomainAdded(args[1].trim().toLowerCase(), label(site)));
      printAddresses(cli, site);
      return [site.id];
    }
    case "remove-domain": {
      const site = await operator.removeDomain(args[0]);
      console.log(say.cliDomainRemoved(args[0].trim().toLowerCase()));
      printAddresses(cli, site);
      return [site.id];
    }
    case "remove": {
      const site = await operator.removeSite(args[0]);
      console.log(say.cliRemoved(label(site), REMOVED_RETENTION_DAYS));
      return [site.id];
    }
  }
}

/**
 * The bus publishes without waiting for Redis, so closing at once could drop the event: a second
 * connection listens for the event to come back through Redis (then every subscribed server has it),
 * publishing again until it does, for a few seconds at most. siteChanged is idempotent.
 */
async function tellServers({ config, bus }: Cli, websiteIds: string[]): Promise<boolean> {
  const listener = createRealtimeBus(config.redisUrl, () => {});
  const events = listener.pubsub.subscribe("siteChanged");
  let echoed = false;
  const echo = events.next().then(() => (echoed = true));
  try {
    for (let attempt = 0; attempt < 30 && !echoed; attempt++) {
      for (const websiteId of websiteIds) bus.pubsub.publish("siteChanged", { websiteId });
      await Promise.race([echo, delay(100)]);
    }
    return echoed;
  } finally {
    void events.return?.();
    await listener.close();
  }
}

await runCli({ redis: true }, async (cli) => {
  const changed = await run(cli);
  // The service published already (to this process); Redis carries it to the servers.
  if (changed.length > 0) console.log(cli.config.redisUrl ? ((await tellServers(cli, changed)) ? say.cliToldServers : say.cliRedisSilent) : say.cliNoRedis);
});
