// The admin's home (issue 9 §1): the cards the role may see, each linking to its screen; nothing of
// a part the server answered null for; read again when an order is placed.
import { act, screen } from "@testing-library/react";
import AdminHomeScreenQuery from "../../../../client/__generated__/AdminHomeScreenQuery.graphql.ts";
import AdminHomeScreen from "../../../../client/admin/orders/AdminHomeScreen.tsx";
import { renderAdmin } from "../support.tsx";
import { preload } from "../../support/render.tsx";

const everything = {
  orders: {
    timeZone: "America/New_York",
    today: { orderCount: 1, revenue: { formatted: "$24.60" } },
    week: { orderCount: 3, revenue: { formatted: "$73.80" } },
  },
  lowStock: {
    threshold: 5,
    totalCount: 3,
    variants: [
      { variantId: 1, productName: "Canvas Tote", sku: "TOTE-BLACK", attributes: { Color: "Black" }, qtyInStock: 0 },
      { variantId: 2, productName: "Engraved Pen", sku: "PEN-BRASS", attributes: {}, qtyInStock: 2 },
    ],
  },
  biggestWaitlists: [{ variantId: 1, productName: "Canvas Tote", sku: "TOTE-BLACK", received: 4 }],
  recentSubmissions: [{ id: "s1", formName: "Contact", email: "asker@example.com", createdAt: "2026-03-04T10:00:00.000Z" }],
};

function renderHome(dashboard: Record<string, unknown>, permissions?: readonly string[]) {
  const { environment, queryRef } = preload(AdminHomeScreenQuery, {}, { OwnerDashboard: () => dashboard });
  return renderAdmin(<AdminHomeScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, { environment, permissions });
}

const link = (name: string) => screen.getByRole("link", { name }).getAttribute("href");

it("shows today's and this week's orders and revenue, low stock, waitlists and submissions, each linking to its screen", () => {
  renderHome(everything);
  expect(screen.getByRole("heading", { name: "Orders today" })).toBeTruthy();
  expect(screen.getByText("1 order")).toBeTruthy();
  expect(screen.getByText("$24.60 revenue")).toBeTruthy();
  expect(screen.getByText("3 orders")).toBeTruthy();
  expect(screen.getAllByRole("link", { name: "View orders" })[0].getAttribute("href")).toBe("/config/orders");
  expect(screen.getByText("Sold out")).toBeTruthy();
  expect(screen.getByText("2 left")).toBeTruthy();
  expect(screen.getByText("1 more low on stock")).toBeTruthy();
  expect(link("Open inventory")).toBe("/config/inventory");
  expect(screen.getByText("4 waiting")).toBeTruthy();
  expect(link("Open waitlists")).toBe("/config/waitlists");
  expect(screen.getByText("asker@example.com")).toBeTruthy();
  expect(link("Open forms")).toBe("/config/forms");
});

it("leaves out the parts the role may not see (the server answers them null)", () => {
  renderHome({ orders: null, lowStock: everything.lowStock, biggestWaitlists: null, recentSubmissions: null }, ["dashboard.read", "products.read"]);
  expect(screen.getByRole("heading", { name: "Low stock" })).toBeTruthy();
  expect(screen.queryByRole("heading", { name: "Orders today" })).toBeNull();
  expect(screen.queryByRole("heading", { name: "Biggest waitlists" })).toBeNull();
  expect(screen.queryByRole("heading", { name: "Latest form submissions" })).toBeNull();
});

it("says what an empty card means, and when the role sees no card at all", () => {
  const { unmount } = renderHome({ ...everything, lowStock: { threshold: 5, totalCount: 0, variants: [] }, biggestWaitlists: [], recentSubmissions: [] });
  expect(screen.getByText("No variant is low on stock.")).toBeTruthy();
  expect(screen.getByText("Nobody is waiting for a restock.")).toBeTruthy();
  expect(screen.getByText("No form submissions yet.")).toBeTruthy();
  unmount();
  renderHome({ orders: null, lowStock: null, biggestWaitlists: null, recentSubmissions: null }, ["dashboard.read"]);
  expect(screen.getByText("Your role has nothing to show here yet. Use the menu to open the screens you may use.")).toBeTruthy();
});

it("reads the figures again when an order is placed", async () => {
  const { environment } = renderHome(everything);
  const named = (name: string) => environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === name)!;
  await act(async () => {
    environment.mock.nextValue(named("OwnerOrderActivitySubscription"), { data: { ownerOrderActivity: { orderId: "o", placed: true, order: null } } });
  });
  expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe("AdminHomeScreenQuery");
});
