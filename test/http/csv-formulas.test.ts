// Every CSV the server writes neutralises spreadsheet formulas (CSV injection): a cell starting with
// =, +, -, @, a tab or a carriage return is prefixed with ' . The server writes CSV in two places: the
// owner's downloads (http/csv.ts, every export: forms, sign-ups, analytics, products, orders) and the
// products feed (domain/catalog/product-feed.ts). A new writer of text/csv must be added here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { csvStringifier } from "../../server/http/csv.ts";
import { feedCsv } from "../../server/domain/catalog/product-feed.ts";

const DANGEROUS = ["=SUM(A1:A2)", "+1+1", "-2+3", "@cmd", "\tTAB", "\rCR"];

async function stringified(cells: string[]): Promise<string> {
  const stringifier = csvStringifier(["Value"]);
  const chunks: string[] = [];
  stringifier.on("data", (chunk: Buffer | string) => chunks.push(chunk.toString()));
  const done = new Promise((resolve) => stringifier.on("end", resolve));
  for (const cell of cells) stringifier.write([cell]);
  stringifier.end();
  await done;
  return chunks.join("").replace(/^\uFEFF/, "");
}

it.each(DANGEROUS)("the owner's downloads write %j as text, prefixed with a quote", async (value) => {
  const text = await stringified([value]);
  const cell = text.split("\r\n")[1];
  expect(cell.replace(/^"|"$/g, "")).toBe(`'${value}`);
});

it.each(DANGEROUS)("the products feed writes %j as text, prefixed with a quote", (value) => {
  const item = { id: value, itemGroupId: null, title: value, description: "", link: "", imageLink: "", availability: "", price: "", salePrice: "" };
  const row = feedCsv([item as unknown as Parameters<typeof feedCsv>[0][number]]).split("\r\n")[1];
  expect(row.startsWith(`'${value}`) || row.startsWith(`"'${value}`)).toBe(true);
});

it("knows every place the server writes text/csv", () => {
  const root = join(__dirname, "../../server");
  const writers: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith(".ts") && readFileSync(path, "utf8").includes("text/csv")) writers.push(relative(root, path));
    }
  };
  walk(root);
  expect(writers.sort()).toEqual(["http/csv.ts", "pages/product-feed.ts"]);
});
