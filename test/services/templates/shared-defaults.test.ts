// Compiled templates across sites (issue 21): a shipped default is compiled once per process and
// shared by every site that renders it (1,000 sites must not hold 1,000 copies), while a site's saved
// version stays its own. Two sites of one database, in one process.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { createRealtimeBus, type RealtimeBus } from "../../../server/realtime/pubsub.ts";
import { TemplateService } from "../../../server/services/templates/templates.ts";
import { DEFAULT_TEMPLATES } from "../../../server/template/defaults/index.ts";
import { createTestDb } from "../../support/db.ts";

const OTHER_SITE = "templates-other-site";

let db: Db;
let close: () => Promise<void>;
let bus: RealtimeBus;
let demo: TemplateService;
let other: TemplateService;

beforeAll(async () => {
  ({ db, close } = await createTestDb({ demoStore: true }));
  await db.website.create({ data: { id: OTHER_SITE, title: "Other" } });
  bus = createRealtimeBus(null);
  demo = new TemplateService(db, DEMO_WEBSITE_ID, bus.pubsub);
  other = new TemplateService(db, OTHER_SITE, bus.pubsub);
});
afterAll(async () => {
  await bus.close();
  await close();
});

it("shares a shipped default's compiled template between sites", async () => {
  const [mine, theirs] = [await demo.current(), await other.current()];
  expect(mine.compiled("product")).toBe(theirs.compiled("product"));
  expect(mine.compiled("product").source).toBe(DEFAULT_TEMPLATES.product);
});

it("keeps a site's saved version to that site", async () => {
  expect(await other.save("product", "<p>Other's own product page</p>")).toEqual({ ok: true, version: 1 });
  other.invalidate();
  const [mine, theirs] = [await demo.current(), await other.current()];
  expect(theirs.compiled("product").source).toBe("<p>Other's own product page</p>");
  expect(mine.compiled("product").source).toBe(DEFAULT_TEMPLATES.product);
  expect(mine.compiled("product")).not.toBe(theirs.compiled("product"));
});
