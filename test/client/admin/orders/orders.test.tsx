// The admin's orders screens (issue 9 §4): the list (orders, empty and no-match states, the filters in
// the URL with the date range checked next to its field, new orders arriving live) and the order page
// (the moves the transition table allows, each behind the confirm dialog, hidden without orders.write,
// a refused move showing the server's message).
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import OrdersScreenQuery from "../../../../client/__generated__/OrdersScreenQuery.graphql.ts";
import OrderScreenQuery from "../../../../client/__generated__/OrderScreenQuery.graphql.ts";
import OrdersScreen from "../../../../client/admin/orders/OrdersScreen.tsx";
import OrderScreen from "../../../../client/admin/orders/OrderScreen.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";
import { preload } from "../../support/render.tsx";

const order = (orderNumber: number, overrides: Record<string, unknown> = {}) => ({
  id: `order-${orderNumber}`,
  orderId: `raw-${orderNumber}`,
  orderNumber,
  state: "PLACED",
  customerEmail: `buyer${orderNumber}@example.com`,
  createdAt: "2026-03-04T10:00:00.000Z",
  grandTotal: { formatted: "$24.60" },
  ...overrides,
});

function renderList(orders: unknown[], search = "", hasNextPage = false) {
  const { environment, queryRef } = preload(
    OrdersScreenQuery,
    { search: null, state: null, placedAfter: null, placedBefore: null },
    {
      OwnerOrderConnection: () => ({
        edges: orders.map((node) => ({ node, cursor: (node as { orderId: string }).orderId })),
        pageInfo: { hasNextPage, endCursor: "c" },
      }),
    },
  );
  return renderAdmin(<OrdersScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams(search) }} />, { environment });
}

describe("the orders list", () => {
  it("lists orders newest first, each linking to its page, with a next page when there is one", () => {
    renderList([order(2), order(1, { state: "FULFILLED" })], "", true);
    expect(screen.getByRole("heading", { name: "Orders", level: 1 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "#2" }).getAttribute("href")).toBe("/config/orders/raw-2");
    expect(screen.getByText("buyer1@example.com")).toBeTruthy();
    expect(screen.getByText("Fulfilled", { selector: ".badge" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show more" })).toBeTruthy();
  });

  it("says so when there are no orders, and when none matches the filters", () => {
    const { unmount } = renderList([]);
    expect(screen.getByText("No orders yet. Orders placed at checkout appear here at once.")).toBeTruthy();
    unmount();
    renderList([], "search=nobody&state=REFUNDED");
    expect(screen.getByText("No order matches these filters.")).toBeTruthy();
    expect((screen.getByLabelText("Search by order number or email") as HTMLInputElement).value).toBe("nobody");
    expect((screen.getByLabelText("State") as HTMLSelectElement).value).toBe("REFUNDED");
  });

  it("puts the filters in the URL, and refuses a range that ends before it starts next to its field", () => {
    const { navigate } = renderList([order(1)]);
    fireEvent.change(screen.getByLabelText("Placed from"), { target: { value: "2026-03-05" } });
    fireEvent.change(screen.getByLabelText("Placed to (inclusive)"), { target: { value: "2026-03-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByText("The start date must be on or before the end date.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Placed to (inclusive)"));
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Placed to (inclusive)"), { target: { value: "2026-03-09" } });
    fireEvent.change(screen.getByLabelText("Search by order number or email"), { target: { value: " Ada@Example.com " } });
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "PLACED" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(navigate).toHaveBeenCalledWith("/config/orders?search=Ada%40Example.com&state=PLACED&from=2026-03-05&to=2026-03-09", { replace: true });
  });

  it("shows a new order without reload: the list is read again when one is placed", async () => {
    const { environment } = renderList([order(1)]);
    const subscription = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === "OwnerOrderActivitySubscription");
    expect(subscription).toBeTruthy();
    await act(async () => {
      environment.mock.nextValue(subscription!, {
        data: {
          ownerOrderActivity: {
            orderId: "raw-2",
            placed: true,
            order: { ...order(2), nextStates: ["FULFILLED", "CANCELLED"], fulfilledAt: null, cancelledAt: null, refundedAt: null },
          },
        },
      });
    });
    expect(screen.getByText("New order #2 arrived.")).toBeTruthy();
    const refetch = environment.mock.getMostRecentOperation();
    expect(refetch.request.node.params.name).toBe("OrderListPaginationQuery");
    await act(async () => {
      environment.mock.resolve(
        refetch,
        MockPayloadGenerator.generate(refetch, {
          OwnerOrderConnection: () => ({ edges: [{ node: order(2) }, { node: order(1) }], pageInfo: { hasNextPage: false } }),
        }),
      );
    });
    await waitFor(() => expect(screen.getByRole("link", { name: "#2" })).toBeTruthy());
  });
});

describe("the order page", () => {
  const detail = (overrides: Record<string, unknown> = {}) => ({
    __typename: "Order",
    id: "order-7",
    orderId: "raw-7",
    orderNumber: 7,
    state: "PLACED",
    nextStates: ["FULFILLED", "CANCELLED"],
    testMode: true,
    customerEmail: "ada@example.com",
    createdAt: "2026-03-04T10:00:00.000Z",
    fulfilledAt: null,
    cancelledAt: null,
    refundedAt: null,
    items: [{ sku: "MUG-1", productName: "Ceramic Mug", quantity: 2, attributes: [], unitPrice: { value: 1800, currency: "USD", formatted: "$18.00" } }],
    subtotal: { formatted: "$36.00" },
    discountTotal: { value: 0, formatted: "$0.00" },
    shippingTotal: { formatted: "$5.00" },
    taxTotal: { formatted: "$3.20" },
    grandTotal: { formatted: "$44.20" },
    couponCodes: [],
    shippingOption: "Standard",
    shippingCountry: "US",
    shippingRegion: "NY",
    shippingPostalCode: "10001",
    shippingAddress: { lines: ["Ada Lovelace", "12 W 31st St", "New York, NY 10001", "United States"], formattedPhone: "+1 212 555 0100" },
    billingAddress: null,
    fulfilmentStatus: "UNFULFILLED",
    unshippedQuantities: [2],
    shipments: [],
    timeline: [],
    ...overrides,
  });

  function renderOrder(answer: Record<string, unknown>, permissions: readonly string[] = ALL_PERMISSIONS) {
    let environment: ReturnType<typeof createMockEnvironment>;
    let queryRef: unknown;
    if (answer.__typename === "Order") ({ environment, queryRef } = preload(OrderScreenQuery, { orderId: "raw-7" }, { Order: () => answer }));
    else {
      // An error answer as the server sends it (the union member, and the interface it refines to).
      environment = createMockEnvironment();
      queryRef = loadQuery(environment, OrderScreenQuery, { orderId: "raw-7" });
      environment.mock.resolveMostRecentOperation({ data: { ownerOrder: { ...answer, __isError: answer.__typename } } } as never);
    }
    return renderAdmin(<OrderScreen queryRef={queryRef as never} match={{ params: { id: "raw-7" }, search: new URLSearchParams() }} />, {
      environment,
      permissions,
    });
  }

  it("shows items, totals, shipping, payment in test mode and the state with its dates", () => {
    renderOrder(detail());
    expect(screen.getByRole("heading", { name: "Order #7" })).toBeTruthy();
    expect(screen.getByText("Ceramic Mug")).toBeTruthy();
    expect(screen.getByText("$44.20")).toBeTruthy();
    expect(screen.getByText("Standard")).toBeTruthy();
    for (const line of ["Ada Lovelace", "12 W 31st St", "New York, NY 10001", "United States", "+1 212 555 0100"]) expect(screen.getByText(line)).toBeTruthy();
    expect(screen.queryByText("Bills to")).toBeNull();
    expect(screen.getByText("Test mode: paid at checkout, no money moved.")).toBeTruthy();
    expect(screen.getByText("Placed", { selector: ".badge" })).toBeTruthy();
  });

  it("shows a line total in the currency's own decimals: two ¥1,000 mugs make ¥2,000", () => {
    const yen = { value: 1000, currency: "JPY", formatted: "¥1,000" };
    renderOrder(detail({ items: [{ sku: "MUG-1", productName: "Ceramic Mug", quantity: 2, attributes: [], unitPrice: yen }] }));
    expect(screen.getByText("¥1,000")).toBeTruthy();
    expect(screen.getByText("¥2,000")).toBeTruthy();
  });

  it("shows a billing address of its own, and 'No address given' for an order that ships nothing", async () => {
    renderOrder(detail({ billingAddress: { lines: ["Ada Lovelace", "1 High St", "London", "W1A 1AA", "United Kingdom"], formattedPhone: null } }));
    expect(await screen.findByText("Bills to")).toBeTruthy();
    expect(screen.getByText("W1A 1AA")).toBeTruthy();
    cleanup();
    renderOrder(detail({ shippingAddress: null, shippingCountry: null, shippingRegion: null, shippingPostalCode: null, shippingOption: null }));
    expect(await screen.findByText("No address given")).toBeTruthy();
  });

  it("offers only the moves the order's state allows", () => {
    const { unmount } = renderOrder(detail());
    expect(screen.getByRole("button", { name: "Mark fulfilled" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel order" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refund (test mode)" })).toBeNull();
    unmount();
    renderOrder(detail({ state: "REFUNDED", nextStates: [], refundedAt: "2026-03-05T10:00:00.000Z" }));
    expect(screen.queryByRole("button", { name: "Mark fulfilled" })).toBeNull();
    expect(screen.getByText("This order is final: nothing more can be done with it.")).toBeTruthy();
  });

  it("hides every move from a role without orders.write", () => {
    renderOrder(
      detail(),
      ALL_PERMISSIONS.filter((permission) => permission !== "orders.write"),
    );
    expect(screen.getByRole("heading", { name: "Order #7" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark fulfilled" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
  });

  it("asks first; cancelling the dialog sends nothing, confirming sends the move, and a refusal shows the server's message", async () => {
    const { environment } = renderOrder(detail());
    const pending = () => environment.mock.getAllOperations().filter((operation) => operation.request.node.params.operationKind === "mutation");

    fireEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this order?" });
    expect(dialog.textContent).toContain("Its items go back into stock.");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(pending()).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    await screen.findByRole("dialog", { name: "Cancel this order?" });
    fireEvent.click(screen.getAllByRole("button", { name: "Cancel order" }).at(-1)!);
    await waitFor(() => expect(pending()).toHaveLength(1));
    const [mutation] = pending();
    expect(mutation.request.node.params.name).toBe("CancelOrderMutation");
    expect(mutation.request.variables).toEqual({ input: { orderId: "raw-7" } });
    await act(async () => {
      environment.mock.resolve(mutation, {
        data: { cancelOrder: { __typename: "OrderMoveError", __isError: "OrderMoveError", message: "This order is fulfilled and cannot be cancelled." } },
      } as never);
    });
    expect((await screen.findByRole("alert")).textContent).toBe("This order is fulfilled and cannot be cancelled.");
  });

  it("says so when the order does not exist", () => {
    renderOrder({ __typename: "NotFoundError", message: "That order could not be found." });
    expect(screen.getByRole("alert").textContent).toBe("That order could not be found.");
  });
});
