// npm run bench:template: how fast storefront pages render. On a fresh SQLite database with the demo
// store plus 41 more products (so the front page lists 50), for the demo product page and the
// 50-product list page:
//   compile    compiling the page template and the layout (no cache), per page
//   render     rendering the compiled templates (page + layout) against a built page context
//   request    the whole request in process: rows from the database, page context, render
// Printed as a table; docs/template.md keeps the figures of a run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDemoStore } from "../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../server/config.ts";
import { createDb } from "../server/db/client.ts";
import { applyMigrations } from "../server/db/migrations.ts";
import { createRealtimeBus } from "../server/realtime/pubsub.ts";
import { refreshSortPrice } from "../server/services/catalog/catalog.ts";
import { createServices } from "../server/services/index.ts";
import { LAYOUT_TEMPLATE } from "../server/template/defaults/index.ts";
import { renderDocument } from "../server/template/document.ts";
import { compileTemplate } from "../server/template/index.ts";

const BASE_URL = "http://localhost:4000";
const folder = mkdtempSync(join(tmpdir(), "sitecart-bench-template-"));
const url = `file:${join(folder, "bench.db")}`;
await applyMigrations(url);
const db = await createDb(url);
await seedDemoStore(db, DEMO_WEBSITE_ID);

// 41 more products, copies of the demo products with their variants, for a 50-product list.
const demo = await db.product.findMany({
  where: { websiteId: DEMO_WEBSITE_ID },
  include: { variants: true, giftCardDenominations: true, merchandising: true },
});
for (let i = 0; i < 41; i++) {
  const source = demo[i % demo.length];
  const { id: _id, createdAt: _created, updatedAt: _updated, variants, giftCardDenominations, merchandising, ...product } = source;
  const copy = await db.product.create({
    data: {
      ...product,
      slug: `${source.slug}-${i + 2}`,
      name: `${source.name} ${i + 2}`,
      variants: { create: variants.map(({ id: _v, productId: _p, ...variant }) => variant) },
      giftCardDenominations: { create: giftCardDenominations.map(({ id: _d, productId: _p, ...denomination }) => denomination) },
      ...(merchandising ? { merchandising: { create: (({ productId: _p, ...m }) => m)(merchandising) } } : {}),
    },
  });
  await refreshSortPrice(db, copy.id);
}

const bus = createRealtimeBus(null);
const services = createServices({ db, pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID });
const templates = await services.templates.current();

function timeEach(runs: number, work: () => void): number {
  const start = performance.now();
  for (let i = 0; i < runs; i++) work();
  return (performance.now() - start) / runs;
}

async function timeRequests(runs: number, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const page = await services.storefront.page(new URL(path, BASE_URL), BASE_URL);
    const current = await services.templates.current();
    renderDocument(current, page.template, page.context, { now: Date.now() });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value: number) => value.toFixed(3);

const cases = [
  { name: "product page (linen-shirt)", path: "/shop/p/linen-shirt", renders: 3000, requests: 500 },
  { name: "list page (50 products)", path: "/", renders: 500, requests: 200 },
];

const rows: string[][] = [];
for (const bench of cases) {
  const page = await services.storefront.page(new URL(bench.path, BASE_URL), BASE_URL);
  if (page.status !== 200) throw new Error(`${bench.path} answered ${page.status}`);
  if (bench.path === "/" && (page.context.items as unknown[]).length !== 50) throw new Error("the list page should have 50 products");
  const sources = [templates.sources[page.template], templates.sources[LAYOUT_TEMPLATE]];
  // Warm up (JIT, CLDR data, partial caches) before timing.
  timeEach(50, () => renderDocument(templates, page.template, page.context, { now: 0 }));
  await timeRequests(20, bench.path);
  const compile = timeEach(200, () => sources.forEach((source) => compileTemplate(source)));
  const render = timeEach(bench.renders, () => renderDocument(templates, page.template, page.context, { now: 0 }));
  const requests = await timeRequests(bench.requests, bench.path);
  const html = renderDocument(templates, page.template, page.context, { now: 0 }).html;
  rows.push([
    bench.name,
    ms(compile),
    Math.round(1000 / render).toLocaleString("en-US"),
    ms(render),
    `${ms(percentile(requests, 50))} / ${ms(percentile(requests, 95))}`,
    `${Math.round(html.length / 1024)} KB`,
  ]);
}

const header = ["page", "compile ms", "renders/s (compiled)", "render ms", "request ms (p50 / p95)", "HTML"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
for (const row of rows) console.log(line(row));
console.log(`\nNode ${process.version}, SQLite; request = rows + page context + render, in process (no HTTP).`);

services.stop();
await bus.close();
await db.$disconnect();
rmSync(folder, { recursive: true, force: true });
