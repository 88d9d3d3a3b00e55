// What the operator's command lines (npm run owner, site, products) share: bad arguments answered with
// the usage (exit 2), and the run itself: the database checked and opened, the realtime bus, the
// operator's site lookup; a refusal (a DomainError) printed on stderr with exit 1; everything closed
// before exiting, whatever happened. Anything else is a bug and leaves with its stack trace.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { readConfigOrExit, type AppConfig } from "../server/config.ts";
import { createDb, type Db } from "../server/db/client.ts";
import { databaseProblem } from "../server/db/preflight.ts";
import { DomainError } from "../server/domain/errors.ts";
import { createRealtimeBus, type RealtimeBus } from "../server/realtime/pubsub.ts";
import { SiteOperatorService } from "../server/services/site/operator.ts";
import { SiteDirectory } from "../server/services/site/site-directory.ts";

/** Exit code 2: the problem (when there is one) and the usage on stderr. */
export function exitWithUsage(usage: string, problem?: string): never {
  console.error(problem ? `${problem}\n${usage}` : usage);
  process.exit(2);
}

/** node:util's parseArgs, an unknown option or a missing value answered with the usage. */
export function parseArgsOrExit<T extends ParseArgsConfig>(usage: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    return exitWithUsage(usage, (error as Error).message);
  }
}

export interface Cli {
  config: AppConfig;
  db: Db;
  bus: RealtimeBus;
  directory: SiteDirectory;
  /** Finds the site a SITE argument names (id, slug or host), as the operator API does. */
  operator: SiteOperatorService;
}

/**
 * Runs `command` and exits with the code it answers (0 when none); a DomainError is the operator's
 * mistake: its message on stderr, exit 1. `redis: false` keeps the bus in process (nothing a running
 * server must hear of).
 */
export async function runCli(options: { redis: boolean }, command: (cli: Cli) => Promise<number | void>): Promise<never> {
  const config = readConfigOrExit();
  const problem = await databaseProblem(config.databaseUrl);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const db = await createDb(config.databaseUrl);
  const bus = createRealtimeBus(options.redis ? config.redisUrl : null, () => {});
  const directory = new SiteDirectory(db, { platformDomain: config.platformDomain, defaultWebsiteId: config.websiteId, publicUrl: config.publicUrl });
  const operator = new SiteOperatorService(db, bus.pubsub, { platformDomain: config.platformDomain, hostUrl: (host) => directory.hostUrl(host) });
  let exitCode: number;
  try {
    exitCode = (await command({ config, db, bus, directory, operator })) ?? 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(error.message);
    exitCode = 1;
  } finally {
    await bus.close();
    await db.$disconnect();
  }
  process.exit(exitCode);
}
