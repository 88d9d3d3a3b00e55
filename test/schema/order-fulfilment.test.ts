// Fulfilment over GraphQL (issue 24): the owner ships an order in two shipments with tracking, reads
// the shipments, status and timeline, gets field errors in words, adds a note; a viewer cannot ship.
import { Caller, createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { addCartEntryDocument, checkoutDocument } from "../support/graphql.ts";

let store: TestStore;
let owner: Caller;
let viewer: Caller;

beforeAll(async () => {
  store = await startTestStore();
  await store.db.variant.updateMany({ where: { sku: "MUG-1" }, data: { qtyInStock: 50 } });
  await createRoleAccounts(store);
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  viewer = await signedIn(store, "viewer", roleEmail(10), PASSWORD, 10);
}, 60_000);
afterAll(() => store.close());

async function buyMugs(quantity: number): Promise<string> {
  const visitor = await store.visitor().arrive();
  const itemId = String(await store.itemId("ceramic-mug"));
  await visitor.graphql(addCartEntryDocument("id", null), { input: { itemId, sku: "MUG-1", quantity } });
  const result = await visitor.graphql(checkoutDocument("orderId"), {
    input: {
      email: "ada@example.com",
      shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" },
    },
  });
  return result.data.checkout.order.orderId;
}

const FULFIL = `mutation($input: FulfilOrderInput!) { fulfilOrder(input: $input) { __typename
  ... on FulfilOrderSuccess { order { state fulfilmentStatus unshippedQuantities shipments { carrier trackingNumber trackingUrl lines { productName quantity } } } }
  ... on FormInvalidError { fieldErrors { fieldId message } }
  ... on Error { message } } }`;
const NOTE = `mutation($input: AddOrderNoteInput!) { addOrderNote(input: $input) { __typename
  ... on AddOrderNoteSuccess { order { timeline { kind note actor units carrier trackingNumber emailKind } } }
  ... on FormInvalidError { fieldErrors { fieldId message } } ... on Error { message } } }`;

it("ships in two shipments, refuses too many by field, and shows the timeline with a note", async () => {
  const orderId = await buyMugs(3);
  const tooMany = await owner.graphql(FULFIL, { input: { orderId, lines: [{ line: 0, quantity: 4 }], trackingNumber: "x".repeat(65) } });
  expect(tooMany.data.fulfilOrder).toMatchObject({
    __typename: "FormInvalidError",
    fieldErrors: [
      { fieldId: "trackingNumber", message: "Keep the tracking number to 64 characters or fewer." },
      { fieldId: "lines.0", message: "Only 3 of Ceramic Mug are left to ship." },
    ],
  });

  const first = await owner.graphql(FULFIL, { input: { orderId, lines: [{ line: 0, quantity: 1 }], carrier: "FedEx", trackingNumber: "7489" } });
  expect(first.data.fulfilOrder.order).toMatchObject({
    state: "PLACED",
    fulfilmentStatus: "PARTIALLY_SHIPPED",
    unshippedQuantities: [2],
    shipments: [
      {
        carrier: "FedEx",
        trackingNumber: "7489",
        trackingUrl: "https://www.fedex.com/fedextrack/?trknbr=7489",
        lines: [{ productName: "Ceramic Mug", quantity: 1 }],
      },
    ],
  });
  const second = await owner.graphql(FULFIL, { input: { orderId, carrier: "Local van" } });
  expect(second.data.fulfilOrder.order).toMatchObject({ state: "FULFILLED", fulfilmentStatus: "SHIPPED", unshippedQuantities: [0] });
  expect(second.data.fulfilOrder.order.shipments[1]).toMatchObject({ carrier: "Local van", trackingUrl: null, lines: [{ quantity: 2 }] });

  const again = await owner.graphql(FULFIL, { input: { orderId, lines: [{ line: 0, quantity: 1 }] } });
  expect(again.data.fulfilOrder).toEqual({ __typename: "InvalidInputError", message: "Everything on this order has already shipped." });

  expect((await owner.graphql(NOTE, { input: { orderId, note: "" } })).data.addOrderNote.fieldErrors).toEqual([
    { fieldId: "note", message: "Write the note first." },
  ]);
  const noted = await owner.graphql(NOTE, { input: { orderId, note: "Left at the door" } });
  expect(noted.data.addOrderNote.order.timeline.map((event: { kind: string }) => event.kind)).toEqual([
    "PLACED",
    "EMAIL_SENT",
    "SHIPPED",
    "EMAIL_SENT",
    "SHIPPED",
    "EMAIL_SENT",
    "NOTE",
  ]);
  expect(noted.data.addOrderNote.order.timeline[6]).toMatchObject({ note: "Left at the door", actor: "owner@sitecart.test" });
  expect(noted.data.addOrderNote.order.timeline[2]).toMatchObject({ units: 1, carrier: "FedEx", trackingNumber: "7489" });
});

it("refuses a viewer (orders.read only) and another site's or a missing order", async () => {
  const orderId = await buyMugs(1);
  const refused = await viewer.graphql(FULFIL, { input: { orderId } });
  expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  const missing = await owner.graphql(FULFIL, { input: { orderId: "no-such-order" } });
  expect(missing.data.fulfilOrder).toEqual({ __typename: "NotFoundError", message: "That order could not be found." });
  expect(await store.db.shipment.count({ where: { orderId } })).toBe(0);
});
