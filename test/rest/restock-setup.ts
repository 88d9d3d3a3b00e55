// Set-up shared by the waitlist tests over REST (test/rest/restock-*.test.ts): the restock paths, a
// store with a store manager signed in, and steps to sign up, queue waiters and set stock.
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";

export const RESTOCK = "/api/site-users/account/notifications/restock";
export const GROUPS = `${RESTOCK}/groups`;
export const SEND = `${RESTOCK}/send`;
export const SEND_ALL = `${RESTOCK}/send/all`;
export const DAY_MS = 24 * 60 * 60 * 1000;

export let store: TestStore;
export let owner: Caller;
export let toteId: number;
export let natural: number;
let sequence = 0;

/** Starts the store for the test file that calls it, and stops it afterwards. */
export function useRestockStore() {
  beforeAll(async () => {
    store = await startTestStore();
    owner = await signedIn(store, "store manager", "manager@sitecart.test", "manager-password", 8);
    toteId = await store.itemId("canvas-tote");
    natural = (await store.db.variant.findFirstOrThrow({ where: { sku: "TOTE-NATURAL" } })).id;
  });
  afterAll(() => store.close());
}

export async function signUp(body: Record<string, unknown>) {
  const visitor = await store.visitor().arrive();
  return visitor.request("POST", RESTOCK, { body: { productId: toteId, variantId: natural, isJoinMailingList: false, ...body } });
}

/** A fresh variant of the tote, sold out, so each queue test starts from nothing. */
export async function freshVariant(): Promise<number> {
  const result = await owner.graphql(
    `mutation { createVariant(input: { productId: "${toteId}", sku: "TOTE-T${++sequence}", attributes: { Color: "Test ${sequence}" }, price: 2500, qtyInStock: 0 }) { __typename ... on CreateVariantSuccess { variant { variantId } } ... on Error { message } } }`,
  );
  expect(result.data.createVariant.__typename).toBe("CreateVariantSuccess");
  return result.data.createVariant.variant.variantId;
}

export async function queue(variantId: number, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let index = 0; index < count; index++) {
    const email = `waiter${index + 1}.v${variantId}@example.com`;
    expect((await signUp({ variantId, siteVisitorEmail: email })).status).toBe(200);
    emails.push(email);
  }
  return emails;
}

export const setStock = async (variantId: number, qtyInStock: number | null, unlimited?: boolean) => {
  const args = [`id: "${variantId}"`, qtyInStock === null ? "" : `qtyInStock: ${qtyInStock}`, unlimited === undefined ? "" : `unlimited: ${unlimited}`]
    .filter(Boolean)
    .join(", ");
  const result = await owner.graphql(
    `mutation { setVariantStock(input: { ${args} }) { __typename ... on SetVariantStockSuccess { notified variant { qtyInStock } } ... on Error { message } } }`,
  );
  expect(result.data.setVariantStock.__typename).toBe("SetVariantStockSuccess");
  return result.data.setVariantStock.notified as number;
};

export const statuses = async (variantId: number) =>
  (await store.db.restockSignUp.findMany({ where: { variantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((row) => [row.email, row.status]);

export const outboxTo = (emails: string[]) =>
  store.db.outboxEmail.findMany({ where: { kind: "RESTOCK", toEmail: { in: emails } }, orderBy: { createdAt: "asc" } });
