// Waitlists (issue 9 screen 5): the groups with their counts, empty and paged states, "send" and
// "send all" behind the confirm dialog with what was sent shown after, and a role that may not send.
import { act, fireEvent, screen, within } from "@testing-library/react";
import WaitlistScreenQuery from "../../../../client/__generated__/WaitlistScreenQuery.graphql.ts";
import WaitlistsScreenQuery from "../../../../client/__generated__/WaitlistsScreenQuery.graphql.ts";
import WaitlistScreen from "../../../../client/admin/restock/WaitlistScreen.tsx";
import WaitlistsScreen from "../../../../client/admin/restock/WaitlistsScreen.tsx";
import { answerLatest, preload } from "../../support/render.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";

const group = (variantId: number, extra: Record<string, unknown> = {}) => ({
  productId: 7,
  variantId,
  productName: "Canvas Tote",
  sku: `TOTE-${variantId}`,
  attributes: { Color: variantId === 1 ? "Natural" : "Black" },
  unlimited: false,
  qtyInStock: 2,
  received: 3,
  notified: 1,
  purchased: 0,
  expired: 0,
  total: 4,
  ...extra,
});

function showGroups(groups = [group(1), group(2, { received: 0, total: 1 })], { hasNextPage = false, permissions = ALL_PERMISSIONS } = {}) {
  const { environment, queryRef } = preload(
    WaitlistsScreenQuery,
    {},
    {
      Query: () => ({
        restockSignUpGroups: { edges: groups.map((node) => ({ node, cursor: `c${node.variantId}` })), pageInfo: { hasNextPage, endCursor: "c2" } },
      }),
    },
  );
  renderAdmin(<WaitlistsScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, { environment, permissions });
  return environment;
}

const confirmDialog = () => screen.getByRole("dialog");

describe("the waitlists", () => {
  it("lists each variant's waitlist with its counts by status and a link to its sign-ups", () => {
    showGroups();
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[0])
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual(["Canvas Tote", "Natural", "2", "3", "1", "0", "0", "4"]);
    expect(within(rows[0]).getByRole("link", { name: "View the waitlist of Canvas Tote (Natural)" }).getAttribute("href")).toBe("/config/waitlists/7/1");
  });

  it("says so when nobody waits", () => {
    showGroups([]);
    expect(screen.getByText("Nobody is waiting for a sold-out variant.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send all" })).toBeNull();
  });

  it("offers the next page when there is one", () => {
    showGroups(undefined, { hasNextPage: true });
    expect(screen.getByRole("button", { name: "Show more" })).toBeTruthy();
  });

  it("sends a variant's notifications only once confirmed, then says how many were notified, with the outbox link", async () => {
    const environment = showGroups();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Send back-in-stock emails for Canvas Tote (Natural)" })));
    expect(within(confirmDialog()).getByText(/Waiting shoppers of Canvas Tote \(Natural\) are emailed, one per unit in stock/)).toBeTruthy();
    const before = environment.mock.getAllOperations().length;
    await act(async () => void fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Cancel" })));
    expect(environment.mock.getAllOperations()).toHaveLength(before);

    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Send back-in-stock emails for Canvas Tote (Natural)" })));
    await act(async () => void fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Send emails" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("SendRestockNotificationsMutation");
    expect(operation.request.variables).toEqual({ input: { productId: "7", variantId: "1" } });
    await answerLatest(environment, {
      sendRestockNotifications: { __typename: "SendRestockNotificationsSuccess", result: { notified: 2, waiting: 1 } },
    });
    const status = screen.getByText("2 shoppers notified; 1 is still waiting.", { exact: false });
    expect(within(status).getByRole("link", { name: "See the emails in the outbox" }).getAttribute("href")).toBe("/config/settings/outbox");
  });

  it("sends every shown waitlist with someone waiting ('send all') once confirmed, and adds up what was sent", async () => {
    const environment = showGroups([group(1), group(2, { received: 0 }), group(3, { received: 5 })]);
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Send all" })));
    expect(within(confirmDialog()).getByText(/Waiting shoppers of 2 variants are emailed/)).toBeTruthy();
    await act(async () => void fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Send emails" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({
      input: {
        sendRequests: [
          { productId: "7", variantId: "1" },
          { productId: "7", variantId: "3" },
        ],
      },
    });
    await answerLatest(environment, {
      sendAllRestockNotifications: {
        __typename: "SendAllRestockNotificationsSuccess",
        results: [
          { variantId: 1, notified: 2, waiting: 1 },
          { variantId: 3, notified: 1, waiting: 4 },
        ],
      },
    });
    expect(screen.getByText("3 shoppers notified across 2 variants.", { exact: false })).toBeTruthy();
  });

  it("shows the server's refusal of a send", async () => {
    const environment = showGroups();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Send back-in-stock emails for Canvas Tote (Natural)" })));
    await act(async () => void fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Send emails" })));
    await answerLatest(environment, {
      sendRestockNotifications: { __typename: "NotFoundError", __isError: "NotFoundError", message: "That variant could not be found." },
    });
    expect(screen.getByText("That variant could not be found.")).toBeTruthy();
  });

  it("gives a role without restock.send no send buttons, and no outbox link without site.settings", () => {
    showGroups(undefined, { permissions: ["restock.read", "restock.reports"] });
    expect(screen.queryByRole("button", { name: "Send all" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Send back-in-stock emails/ })).toBeNull();
  });
});

describe("one variant's waitlist", () => {
  function showGroup(groupData: Record<string, unknown> | null, signUps: Record<string, unknown>[] = []) {
    const { environment, queryRef } = preload(
      WaitlistScreenQuery,
      { productId: "7", variantId: "1" },
      {
        Query: () => ({
          restockSignUpGroup: groupData,
          restockSignUps: { edges: signUps.map((node, index) => ({ node, cursor: `s${index}` })), pageInfo: { hasNextPage: false, endCursor: null } },
        }),
      },
    );
    renderAdmin(<WaitlistScreen queryRef={queryRef as never} match={{ params: { productId: "7", variantId: "1" }, search: new URLSearchParams() }} />, {
      environment,
      permissions: ["restock.read", "restock.reports", "restock.send"],
    });
    return environment;
  }
  const signUp = (signUpId: number, status: string, queuePosition: number | null) => ({
    signUpId,
    email: `waiter${signUpId}@example.com`,
    status,
    queuePosition,
    createdAt: "2026-11-20T10:00:00Z",
    notifiedAt: status === "NOTIFIED" ? "2026-11-21T10:00:00Z" : null,
    expiresAt: "2027-02-18T10:00:00Z",
  });

  it("lists the sign-ups in queue order with status and place", () => {
    showGroup(group(1), [signUp(1, "NOTIFIED", null), signUp(2, "RECEIVED", 1)]);
    expect(screen.getByRole("heading", { name: "Canvas Tote · Natural" })).toBeTruthy();
    const rows = screen.getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["—", "waiter1@example.com", "Notified"],
      ["1", "waiter2@example.com", "Waiting"],
    ]);
  });

  it("says so for a variant nobody waits for", () => {
    showGroup(null);
    expect(screen.getByText("Nobody has signed up for this variant.")).toBeTruthy();
  });

  it("sends once confirmed and says what was sent (no outbox link without site.settings)", async () => {
    const environment = showGroup(group(1), [signUp(2, "RECEIVED", 1)]);
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Send back-in-stock emails for Canvas Tote (Natural)" })));
    await act(async () => void fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Send emails" })));
    await answerLatest(environment, {
      sendRestockNotifications: { __typename: "SendRestockNotificationsSuccess", result: { notified: 1, waiting: 0 } },
    });
    expect(screen.getByText("1 shopper notified; 0 are still waiting.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "See the emails in the outbox" })).toBeNull();
  });
});
