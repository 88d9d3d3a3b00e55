// The product CSV import over HTTP (rest/exports.ts): the preview answers what would happen and writes
// nothing; the import answers JSON, or, to a client that accepts application/x-ndjson (the admin's
// screen), a line per batch committed then the result; a refused file is told in the last line. The
// products export reads back what was imported.
import { IMPORT_BATCH } from "../../server/services/catalog/product-import.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
}, 60_000);
afterAll(() => store.close());

const HEADER = "Handle,Title,Body (HTML),Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price";
const fileOf = (products: number, from = 0) =>
  [HEADER, ...Array.from({ length: products }, (_, index) => `import-${from + index},Import ${from + index},,TRUE,,,IMP-${from + index},3,12.50`)].join("\n");

const post = (path: string, file: string, accept?: string) =>
  owner.visitor.request("POST", path, {
    rawBody: file,
    headers: { "content-type": "text/csv", "x-siteuser-xsrf-token": owner.xsrfToken!, ...(accept ? { accept } : {}) },
  });
// One line alone parses as JSON: the test client hands it over as an object.
const linesOf = (body: unknown) =>
  (typeof body === "string" ? body : JSON.stringify(body))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

it("previews a file without writing, then imports it as JSON", async () => {
  const preview = await post("/api/owner/products/import/preview", fileOf(2));
  expect(preview.status).toBe(200);
  expect(preview.body).toMatchObject({ rows: 2, create: 2, errors: [] });
  expect(await store.db.product.count({ where: { slug: { startsWith: "import-" } } })).toBe(0);

  const imported = await post("/api/owner/products/import", fileOf(2));
  expect(imported.status).toBe(200);
  expect(imported.headers.get("content-type")).toMatch(/^application\/json/);
  expect(imported.body).toMatchObject({ create: 2, update: 0 });
});

it("answers the import batch by batch in newline-delimited JSON to a client that asks for it", async () => {
  const products = IMPORT_BATCH + 5;
  const answer = await post("/api/owner/products/import", fileOf(products, 100), "application/x-ndjson");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
  const lines = linesOf(answer.body);
  expect(lines.slice(0, -1)).toEqual([
    { progress: { processed: 0, total: products } },
    { progress: { processed: IMPORT_BATCH, total: products } },
    { progress: { processed: products, total: products } },
  ]);
  expect(lines.at(-1)).toMatchObject({ result: { create: products, update: 0, errors: [] } });
  expect(await store.db.product.count({ where: { slug: { startsWith: "import-" } } })).toBe(products + 2);
});

it("tells a refused file in the stream's last line, with the status a JSON answer would have had", async () => {
  const answer = await post("/api/owner/products/import", HEADER, "application/x-ndjson");
  expect(linesOf(answer.body)).toEqual([{ status: 400, error: "The file has no product rows.", code: expect.any(String) }]);
});
