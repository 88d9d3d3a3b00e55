// Issue 21: the GraphQL `node` and `nodes` queries load rows by global id (Pothos' prismaNode loaders,
// not a service): served for site B, a global id of site A's product, variant, form or image names
// nothing, exactly as a made-up id does.
import type { AddressInfo } from "node:net";
import { seedDemoStore } from "../../../prisma/seed.ts";
import { createApp, type App } from "../../../server/app.ts";
import type { Db } from "../../../server/db/client.ts";
import { createRealtimeBus, type RealtimeBus } from "../../../server/realtime/pubsub.ts";
import { TestVisitor } from "../../support/app.ts";
import { createTestDb } from "../../support/db.ts";
import { SITE_A, SITE_B } from "../../support/two-sites.ts";

let db: Db;
let closeDb: () => Promise<void>;
let bus: RealtimeBus;
let appOfB: App;
let visitor: TestVisitor;

beforeAll(async () => {
  ({ db, close: closeDb } = await createTestDb({ demoStore: true }));
  await seedDemoStore(db, SITE_B);
  bus = createRealtimeBus(null);
  appOfB = createApp({
    db,
    pubsub: bus.pubsub,
    config: { websiteId: SITE_B, captchaVerifier: "test", production: false, rateLimit: { burst: 10_000, perSecond: 10_000 } },
  });
  await new Promise<void>((resolve) => appOfB.server.listen(0, "127.0.0.1", resolve));
  visitor = new TestVisitor(`http://127.0.0.1:${(appOfB.server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await appOfB.close();
  await bus.close();
  await closeDb();
});

const globalId = (typename: string, id: number) => Buffer.from(`${typename}:${id}`).toString("base64");
const NODE = `query Node($id: ID!) { node(id: $id) { __typename id ... on Product { name } ... on Variant { sku } ... on Form { key } } }`;
const NODES = `query Nodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`;
const IMAGE = `query Image($id: ID!) { node(id: $id) { id ... on ProductImage { url } } }`;

/** What the query answers, errors reduced to their messages (ids aside, two refusals compare equal). */
async function answer(document: string, variables: Record<string, unknown>) {
  const result = await visitor.graphql(document, variables);
  return { data: result.data, errors: result.errors?.map((error: { message: string }) => error.message) };
}

async function rowsOfA() {
  const mug = await db.variant.findFirstOrThrow({ where: { sku: "MUG-1", product: { websiteId: SITE_A } }, select: { id: true, productId: true } });
  const form = await db.form.findFirstOrThrow({ where: { websiteId: SITE_A, key: "contact" }, select: { id: true } });
  return { mug, form };
}

it("site A's product, variant and form are no nodes on site B: null, as made-up ids", async () => {
  const { mug, form } = await rowsOfA();
  const mugOfB = await db.variant.findFirstOrThrow({ where: { sku: "MUG-1", product: { websiteId: SITE_B } }, select: { productId: true } });
  expect((await answer(NODE, { id: globalId("Product", mugOfB.productId) })).data.node).toMatchObject({ name: "Ceramic Mug" });
  for (const [typename, id] of [
    ["Product", mug.productId],
    ["Variant", mug.id],
    ["Form", form.id],
  ] as const) {
    const crossed = await answer(NODE, { id: globalId(typename, id) });
    expect(crossed).toEqual(await answer(NODE, { id: globalId(typename, 99_999_999) }));
    expect(crossed.data.node).toBeNull();
  }
  const many = await answer(NODES, { ids: [globalId("Product", mug.productId), globalId("Variant", mug.id), globalId("Form", form.id)] });
  expect(many).toEqual(await answer(NODES, { ids: [globalId("Product", 99_999_997), globalId("Variant", 99_999_998), globalId("Form", 99_999_999)] }));
});

it("site A's product image is no node on site B: refused as a made-up id", async () => {
  const { mug } = await rowsOfA();
  const image = await db.productImage.create({
    data: {
      ...{ websiteId: SITE_A, productId: mug.productId, key: "b".repeat(24), filename: "mug.jpg", position: 0 },
      ...{ width: 10, height: 10, contentType: "image/jpeg", byteSize: 10, widths: "[]" },
    },
  });
  const crossed = await answer(IMAGE, { id: globalId("ProductImage", image.id) });
  expect(JSON.stringify(crossed)).not.toContain(image.key);
  expect(crossed).toEqual(await answer(IMAGE, { id: globalId("ProductImage", 99_999_999) }));
});
