// npm run schema: writes schema.graphql from the Pothos schema (sorted), the file relay-compiler and
// integrators read. `--check` fails instead when the committed file is out of date (CI).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { printSchema } from "graphql";
import { projectRoot } from "../server/db/urls.ts";
import { schema } from "../server/schema/index.ts";

const path = join(projectRoot, "schema.graphql");
const printed = printSchema(schema) + "\n";
if (process.argv.includes("--check")) {
  const committed = readFileSync(path, "utf8");
  if (committed !== printed) {
    console.error("schema.graphql is out of date: run `npm run schema` and commit the result.");
    process.exit(1);
  }
  console.log("schema.graphql is up to date.");
} else {
  writeFileSync(path, printed);
  console.log(`wrote ${path}`);
}
