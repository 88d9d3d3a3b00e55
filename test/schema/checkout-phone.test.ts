// One international phone field over GraphQL (issue 23): the phone typed as one string, read in the
// address's country, stored in E.164 and answered formatted for the store (a US store: national for a
// US number, international for a foreign one); the older four parts still accepted; a bad number named
// on its field; an address stored in the older parts still shown.
import { signedIn } from "../authz/principals.ts";
import { run, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { BERLIN_ADDRESS, NY_ADDRESS, addCartEntryDocument } from "../support/graphql.ts";

let store: TestStore;

beforeAll(async () => {
  store = await startTestStore();
  await store.db.variant.updateMany({ where: { sku: "MUG-1" }, data: { qtyInStock: 100 } });
}, 60_000);
afterAll(() => store.close());

const CHECKOUT = `mutation Checkout($input: CheckoutInput!) { checkout(input: $input) { __typename
  ... on FormInvalidError { message fieldErrors { fieldId message } }
  ... on CheckoutSuccess { order { orderId shippingAddress { phone formattedPhone } billingAddress { phone formattedPhone } } } } }`;

async function cart(): Promise<TestVisitor> {
  const visitor = store.visitor();
  const itemId = String(await store.itemId("ceramic-mug"));
  const added = await run(visitor, addCartEntryDocument("id", null), { input: { itemId, sku: "MUG-1", quantity: 1 } });
  expect(added.addCartEntry.__typename).toBe("AddCartEntrySuccess");
  return visitor;
}

const checkout = async (shippingAddress: Record<string, unknown>, billingAddress?: Record<string, unknown>) =>
  (await run(await cart(), CHECKOUT, { input: { email: "ada@example.com", shippingAddress, ...(billingAddress ? { billingAddress } : {}) } })).checkout;

describe("the phone as one string", () => {
  it.each([
    ["+1 415 555 0100", "+14155550100", "(415) 555-0100"],
    ["4155550100", "+14155550100", "(415) 555-0100"],
    ["+44 20 7946 0958", "+442079460958", "+44 20 7946 0958"],
  ])("checks out a US address with %p: stored %p, shown %p", async (phone, e164, formatted) => {
    const result = await checkout({ ...NY_ADDRESS, phone });
    expect(result.__typename).toBe("CheckoutSuccess");
    expect(result.order.shippingAddress).toEqual({ phone: e164, formattedPhone: formatted });
  });

  it("reads a German number typed without + in the address's country, and shows it internationally in a US store", async () => {
    const result = await checkout({ ...BERLIN_ADDRESS, phone: "030 1234567" });
    expect(result.order.shippingAddress).toEqual({ phone: "+49301234567", formattedPhone: "+49 30 1234567" });
  });

  it("reads the same number in a GraphQL literal (a string given for the list input)", async () => {
    const visitor = await cart();
    const literal = `mutation { checkout(input: { email: "ada@example.com", shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave",
      city: "New York", region: "NY", postalCode: "10118", country: "US", phone: "+1 415 555 0100" } }) { __typename
      ... on CheckoutSuccess { order { shippingAddress { phone } } } } }`;
    expect((await run(visitor, literal)).checkout).toEqual({ __typename: "CheckoutSuccess", order: { shippingAddress: { phone: "+14155550100" } } });
  });

  it("still takes the older four parts [Country, Areacode, Prefix, Line], stored in E.164", async () => {
    const result = await checkout({ ...NY_ADDRESS, phone: ["1", "212", "555", "0100"] });
    expect(result.order.shippingAddress).toEqual({ phone: "+12125550100", formattedPhone: "(212) 555-0100" });
  });

  it("refuses a bad number on its field with the message that names the address's country, and places no order", async () => {
    const orders = await store.db.order.count();
    const result = await checkout({ ...BERLIN_ADDRESS, phone: "123" }, { ...NY_ADDRESS, phone: "+1 415 555" });
    expect(result).toEqual({
      __typename: "FormInvalidError",
      message: "One or more fields is invalid, please check your entries.",
      fieldErrors: [
        { fieldId: "shippingAddress.phone", message: "Please enter a valid phone number for Germany, or start it with + and the country code." },
        { fieldId: "billingAddress.phone", message: "Please enter a valid phone number." },
      ],
    });
    expect(await store.db.order.count()).toBe(orders);
  });
});

describe("addresses stored before (the phone as JSON parts)", () => {
  it("still shows the order's phone, and a member's saved one, in E.164 and formatted", async () => {
    const result = await checkout({ ...NY_ADDRESS, phone: "+1 212 555 0100" });
    await store.db.orderAddress.updateMany({ where: { orderId: result.order.orderId }, data: { phone: JSON.stringify(["1", "212", "555", "0100"]) } });
    const read = await run(store.visitor(), `query($id: String!) { order(orderId: $id) { shippingAddress { phone formattedPhone } } }`, {
      id: result.order.orderId,
    });
    expect(read.order.shippingAddress).toEqual({ phone: "+12125550100", formattedPhone: "(212) 555-0100" });

    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    const account = await store.db.account.findFirstOrThrow({ where: { email: "member@sitecart.test" } });
    await store.db.memberAddress.create({
      data: {
        accountId: account.id,
        fullName: "Ada",
        line1: "Unter den Linden 1",
        city: "Berlin",
        postalCode: "10117",
        country: "DE",
        phone: '["", "030", "123", "4567"]',
      },
    });
    const saved = await member.graphql(`query { savedAddresses { address { phone formattedPhone } } }`);
    expect(saved.data.savedAddresses).toEqual([{ address: { phone: "+49301234567", formattedPhone: "+49 30 1234567" } }]);
  });
});
