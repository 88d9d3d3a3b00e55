// npm run products -- <command>: the product CSV import and the product and order exports (issue 23)
// from the command line, through the same services as the admin's (services/catalog/product-import.ts,
// product-export.ts, services/orders/order-export.ts). Reads DATABASE_URL, SITECART_WEBSITE_ID,
// PLATFORM_DOMAIN and REDIS_URL like the server; with REDIS_URL running servers hear of the catalogue
// change at once.
// Exit codes: 0 done, 1 refused or problems in the file (each on stderr), 2 bad arguments (with the usage).
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { adminCatalogImportMessages as say } from "../server/domain/messages/admin-catalog-import.ts";
import { csvStringifier } from "../server/http/csv.ts";
import { createServices } from "../server/services/index.ts";
import type { ImportPreview } from "../server/services/catalog/product-import.ts";
import { exitWithUsage, parseArgsOrExit, runCli, type Cli } from "./cli.ts";

const USAGE = `usage: npm run products -- <command> [--site SITE]
  import FILE.csv [--dry-run]   products from a CSV in Shopify's product columns (--dry-run: check only)
  export [FILE.csv]             the products as CSV (to standard output without FILE)
  export-orders [FILE.csv]      the orders as CSV, one row per line item
SITE is a site's id, slug or one of its host names (default: SITECART_WEBSITE_ID).`;

const usage = (problem?: string): never => exitWithUsage(USAGE, problem);

const COMMANDS = ["import", "export", "export-orders"] as const;
const command = process.argv[2] as (typeof COMMANDS)[number];
if (!COMMANDS.includes(command)) usage(process.argv[2] ? `unknown command: ${process.argv[2]}` : undefined);
const { values, positionals } = parseArgsOrExit(USAGE, {
  args: process.argv.slice(3),
  options: { site: { type: "string" }, "dry-run": { type: "boolean" } },
  allowPositionals: true,
  strict: true,
});
if (command === "import" && positionals.length !== 1) usage("import takes the CSV file");
if (command !== "import" && positionals.length > 1) usage(`${command} takes at most one file`);
if (command !== "import" && values["dry-run"]) usage("--dry-run is for import");

function printSummary(result: ImportPreview) {
  console.log(say.importSummary(result.rows, result.products));
  console.log(
    [
      say.importCreateCount(result.create),
      say.importUpdateCount(result.update),
      say.importUnchangedCount(result.unchanged),
      say.importSkippedCount(result.skipped),
    ].join(", "),
  );
  for (const error of result.errors) console.error(error.text);
}

async function run({ db, bus }: Cli, websiteId: string): Promise<number> {
  const services = createServices({ db, pubsub: bus.pubsub, websiteId });
  try {
    if (command === "import") {
      const file = await readFile(positionals[0]);
      if (values["dry-run"]) {
        const preview = await services.productImport.preview(file);
        printSummary(preview);
        console.log(say.cliPreviewOnly);
        return preview.errors.length ? 1 : 0;
      }
      const result = await services.productImport.import(file, ({ processed, total }) => {
        if (total > 0) console.error(say.cliProgress(processed, total));
      });
      printSummary(result);
      console.log(say.importDone(result.create, result.update, result.unchanged));
      return result.errors.length ? 1 : 0;
    }
    const download = command === "export" ? await services.productExport.export() : services.orderExport.export();
    let rows = 0;
    const counted = Readable.from(
      (async function* () {
        for await (const row of download.rows) {
          rows++;
          yield row;
        }
      })(),
    );
    await pipeline(counted, csvStringifier(download.columns), positionals[0] ? createWriteStream(positionals[0]) : process.stdout);
    if (positionals[0]) console.error(say.cliExported(rows, positionals[0]));
    return 0;
  } finally {
    services.stop();
  }
}

// The site as the operator's commands find it (npm run site, npm run owner), refused with their message.
await runCli({ redis: true }, async (cli) => {
  const site = await cli.operator.site(values.site ?? cli.config.websiteId);
  return run(cli, site.id);
});
