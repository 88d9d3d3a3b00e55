// Public types hold no owner-only non-null field (issue: "one copy of every rule"): an anonymous
// integrator who selects an owner-only field of a type every visitor may read gets the object, that
// field null and a top-level error, never the object itself null. The audit walks every type a
// visitor can reach without a permission; the two cases below prove it on a form and an order.
import { getNamedType, isInterfaceType, isNonNullType, isObjectType, isUnionType, type GraphQLField, type GraphQLNamedType } from "graphql";
import { schema } from "../../server/schema/index.ts";
import { createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { addCartEntryDocument, checkoutDocument, NY_ADDRESS } from "../support/graphql.ts";

/** The codes of a response's top-level errors, each once. */
const errorCodes = (errors: { extensions?: Record<string, unknown> }[] | undefined) => new Set((errors ?? []).map((error) => error.extensions?.code));

type PothosExtensions = { pothosOptions?: { authScopes?: unknown } };
const isGuarded = (item: { extensions: unknown }) => !!(item.extensions as PothosExtensions).pothosOptions?.authScopes;

/** Every object type a visitor reaches from the root fields without a permission, through unguarded fields. */
function publicTypes(): Map<string, GraphQLNamedType> {
  const reached = new Map<string, GraphQLNamedType>();
  const visit = (type: GraphQLNamedType) => {
    if (reached.has(type.name) || isGuarded(type)) return;
    reached.set(type.name, type);
    if (isUnionType(type)) type.getTypes().forEach(visit);
    if (isInterfaceType(type)) schema.getPossibleTypes(type).forEach(visit);
    if (isObjectType(type) || isInterfaceType(type))
      for (const field of Object.values<GraphQLField<unknown, unknown>>(type.getFields())) if (!isGuarded(field)) visit(getNamedType(field.type));
  };
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()])
    for (const field of Object.values(root!.getFields())) if (!isGuarded(field)) visit(getNamedType(field.type));
  return reached;
}

it("no type a visitor can read has a non-null field that needs a permission (or returns a type that does)", () => {
  const offending: string[] = [];
  for (const type of publicTypes().values()) {
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const ownerOnly = isGuarded(field) || isGuarded(getNamedType(field.type));
      if (ownerOnly && isNonNullType(field.type)) offending.push(`${type.name}.${field.name}`);
    }
  }
  expect(offending).toEqual([]);
  // The walk reaches the types this file is about.
  expect([...publicTypes().keys()]).toEqual(expect.arrayContaining(["Form", "Order", "Product"]));
});

describe("an owner-only field selected by a visitor", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore();
    await createRoleAccounts(store);
  }, 60_000);
  afterAll(() => store.close());

  it("Form.fieldDefinitions: the form comes back, fieldDefinitions null, UNAUTHENTICATED at the top", async () => {
    const visitor = await store.visitor().arrive();
    const result = await visitor.graphql(`{ form(key: "contact") { formId fieldDefinitions } }`);
    expect(result.data.form).toEqual({ formId: expect.any(Number), fieldDefinitions: null });
    expect(errorCodes(result.errors)).toEqual(new Set(["UNAUTHENTICATED"]));
  });

  it("Order.state and the other owner fields: the buyer reads the order, those fields null, then an owner reads them", async () => {
    const visitor = await store.visitor().arrive();
    const itemId = String(await store.itemId("ceramic-mug"));
    expect((await visitor.graphql(addCartEntryDocument("id", null), { input: { itemId, sku: "MUG-1", quantity: 1 } })).data.addCartEntry.__typename).toBe(
      "AddCartEntrySuccess",
    );
    const placed = await visitor.graphql(checkoutDocument("orderId"), { input: { email: "ada@example.com", shippingAddress: NY_ADDRESS } });
    const { orderId } = placed.data.checkout.order;
    const READ = `query($orderId: String!) { order(orderId: $orderId) { orderNumber state couponCodes fulfilledAt } }`;

    const anonymous = await visitor.graphql(READ, { orderId });
    expect(anonymous.data.order).toEqual({ orderNumber: expect.any(Number), state: null, couponCodes: null, fulfilledAt: null });
    expect(errorCodes(anonymous.errors)).toEqual(new Set(["UNAUTHENTICATED"]));

    const viewerRole = await signedIn(store, "viewer", roleEmail(10), PASSWORD, 10);
    const member = await viewerRole.graphql(READ, { orderId });
    expect(member.data.order).toMatchObject({ state: null, couponCodes: null });
    expect(errorCodes(member.errors)).toEqual(new Set(["FORBIDDEN"]));

    const owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    const read = await owner.graphql(READ, { orderId });
    expect(read.errors).toBeUndefined();
    expect(read.data.order).toMatchObject({ state: "PLACED", couponCodes: [], fulfilledAt: null });
  });
});
