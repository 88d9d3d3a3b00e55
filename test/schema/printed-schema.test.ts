import { readFileSync } from "node:fs";
import { join } from "node:path";
import { printSchema } from "graphql";
import { projectRoot } from "../../server/db/urls.ts";
import { schema } from "../../server/schema/index.ts";

it("commits schema.graphql printed from the current Pothos schema (run `npm run schema` after changing it)", () => {
  expect(readFileSync(join(projectRoot, "schema.graphql"), "utf8")).toBe(printSchema(schema) + "\n");
});
