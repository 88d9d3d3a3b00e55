// The site's plan in the admin (issue 21): the banner above every screen (a trial's days left and its
// upgrade link, a past-due warning with the plan link and the days the store keeps selling, an expired
// store's re-activation link; nothing for an open plan) and the plan screen the links open by default.
import { act, screen, within } from "@testing-library/react";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import PlanScreenQuery from "../../../../client/__generated__/PlanScreenQuery.graphql.ts";
import { AdminGate } from "../../../../client/admin/AdminApp.tsx";
import PlanScreen from "../../../../client/admin/plan/PlanScreen.tsx";
import { preload, renderWithRelay } from "../../support/render.tsx";
import { renderAdmin } from "../support.tsx";

const owner = { signedIn: true, email: "owner@sitecart.test", roleName: "admin", permissions: ["products.read"] };

async function adminWith(sitePlan: Record<string, unknown> | null) {
  const environment = createMockEnvironment();
  renderWithRelay(<AdminGate onSignedIn={jest.fn()} onSignOut={jest.fn(async () => {})} />, environment);
  await act(async () =>
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, { Viewer: () => owner, Query: () => ({ sitePlan }), Store: () => ({ timeZone: "UTC" }) }),
    ),
  );
  return screen.queryByRole("complementary", { name: "Your plan" });
}

it("shows a trial's days left and its upgrade link", async () => {
  const banner = await adminWith({ upgradeUrl: "/config/settings/billing/upgrade", notice: { kind: "TRIAL", daysLeft: 9, graceDaysLeft: null } });
  expect(banner!.textContent).toContain("9 days left in your trial.");
  expect(within(banner!).getByRole("link", { name: "Upgrade now" }).getAttribute("href")).toBe("/config/settings/billing/upgrade");
});

it("says '1 day' on a trial's last day", async () => {
  const banner = await adminWith({ upgradeUrl: "/u", notice: { kind: "TRIAL", daysLeft: 1, graceDaysLeft: null } });
  expect(banner!.textContent).toContain("1 day left in your trial.");
});

it("warns of a past-due plan with how long the store keeps selling and the plan link (the operator's page)", async () => {
  const banner = await adminWith({ upgradeUrl: "https://billing.example/shop/plans", notice: { kind: "PAST_DUE", daysLeft: null, graceDaysLeft: 4 } });
  expect(banner!.textContent).toContain(
    "Your plan's payment is past due. Your store keeps selling for 4 days more; then it closes to visitors until the plan is paid.",
  );
  expect(within(banner!).getByRole("link", { name: "Update your plan" }).getAttribute("href")).toBe("https://billing.example/shop/plans");
});

it("tells the owner of an expired plan the store is closed and how to re-activate it", async () => {
  const banner = await adminWith({ upgradeUrl: "/config/settings/billing/subscriptions", notice: { kind: "EXPIRED", daysLeft: null, graceDaysLeft: null } });
  expect(banner!.textContent).toContain("Your store is closed: visitors see a “temporarily unavailable” page and checkout takes no orders.");
  expect(within(banner!).getByRole("link", { name: "Re-activate your plan" }).getAttribute("href")).toBe("/config/settings/billing/subscriptions");
});

it("shows no banner for an open plan", async () => {
  expect(await adminWith({ upgradeUrl: "/config/settings/billing/subscriptions", notice: null })).toBeNull();
  expect(screen.getByRole("navigation", { name: "Admin" })).toBeTruthy();
});

it("the plan screen shows the status, the store closed, and the operator's contact", () => {
  const { environment, queryRef } = preload(
    PlanScreenQuery,
    {},
    {
      SitePlan: () => ({
        status: "EXPIRED",
        takesOrders: false,
        upgradeUrl: "/config/settings/billing/subscriptions",
        contact: "billing@host.com",
        contactUrl: "mailto:billing@host.com",
        notice: { kind: "EXPIRED", daysLeft: null, graceDaysLeft: null },
      }),
    },
  );
  renderAdmin(<PlanScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, { environment });
  expect(screen.getByRole("heading", { name: "Your plan", level: 1 })).toBeTruthy();
  expect(screen.getByText("Status").nextElementSibling!.textContent).toBe("Expired");
  expect(screen.getByText("Closed to visitors; checkout takes no orders. You can still sign in here.")).toBeTruthy();
  expect(screen.getByRole("link", { name: "billing@host.com" }).getAttribute("href")).toBe("mailto:billing@host.com");
  // The default link opens this very screen: no link to itself.
  expect(screen.queryByRole("link", { name: "Go to billing" })).toBeNull();
  expect(screen.getByText("The plan is paid: everything works.")).toBeTruthy();
});
