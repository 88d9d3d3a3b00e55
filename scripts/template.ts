// npm run template -- render TEMPLATE DATA.json [--partials DIR] [--locale TAG] [--now EPOCH_MS]
//
// Renders a JSON-Template file against a JSON data file with the store's engine (every formatter
// and predicate of the storefront) and prints the HTML on stdout and the errors on stderr, one per
// line as `FILE:LINE:COLUMN: KIND: MESSAGE`. Each `*.html` file of --partials DIR is a partial
// named after the file. Exits with 1 when there were errors, 2 on a usage error.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { renderTemplate } from "../server/template/index.ts";
import { isKnownLocale } from "../server/template/locale.ts";

const USAGE = "usage: npm run template -- render TEMPLATE DATA.json [--partials DIR] [--locale TAG] [--now EPOCH_MS]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function read(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    fail(`cannot read ${path}: ${(error as Error).message}`);
  }
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { partials: { type: "string" }, locale: { type: "string" }, now: { type: "string" } },
    });
  } catch (error) {
    fail((error as Error).message);
  }
})();

const [command, templatePath, dataPath] = positionals;
if (command !== "render" || !templatePath || !dataPath || positionals.length > 3) fail("expected: render TEMPLATE DATA.json");

let data: unknown;
try {
  data = JSON.parse(read(dataPath));
} catch (error) {
  fail(`${dataPath} is not JSON: ${(error as Error).message}`);
}

const partialFiles = new Map<string, string>();
const partials: Record<string, string> = {};
if (values.partials) {
  let files: string[];
  try {
    files = readdirSync(values.partials).filter((file) => file.endsWith(".html"));
  } catch (error) {
    fail(`cannot read the partials folder ${values.partials}: ${(error as Error).message}`);
  }
  for (const file of files.sort()) {
    const name = basename(file, ".html");
    partials[name] = read(join(values.partials, file));
    partialFiles.set(name, join(values.partials, file));
  }
}

if (values.locale && values.locale !== "none" && !isKnownLocale(values.locale)) fail(`unknown locale ${values.locale}`);
const now = values.now === undefined ? undefined : Number(values.now);
if (now !== undefined && !Number.isFinite(now)) fail("--now takes epoch milliseconds");

const { html, errors } = renderTemplate(read(templatePath), data, {
  partials,
  locale: values.locale === "none" ? null : (values.locale ?? "en"),
  now,
});

process.stdout.write(html.endsWith("\n") ? html : `${html}\n`);
for (const error of errors) {
  const file = error.partial !== undefined ? (partialFiles.get(error.partial) ?? error.partial) : templatePath;
  const where = error.line === undefined ? file : `${file}:${error.line}:${error.column}`;
  console.error(`${where}: ${error.kind}: ${error.message}`);
}
process.exit(errors.length > 0 ? 1 : 0);
