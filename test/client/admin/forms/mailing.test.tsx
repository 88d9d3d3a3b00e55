// Mailing lists (issue 9 screen 7): the lists with their counts, a list's subscribers with their
// consent records (paged), the empty states and the CSV export.
import { act, fireEvent, screen, within } from "@testing-library/react";
import MailingListScreenQuery from "../../../../client/__generated__/MailingListScreenQuery.graphql.ts";
import MailingListsScreenQuery from "../../../../client/__generated__/MailingListsScreenQuery.graphql.ts";
import MailingListScreen from "../../../../client/admin/forms/MailingListScreen.tsx";
import MailingListsScreen from "../../../../client/admin/forms/MailingListsScreen.tsx";
import { preload } from "../../support/render.tsx";
import { renderAdmin } from "../support.tsx";

const lists = [{ mailingListId: 4, name: "Newsletter", signUpCount: 2 }];

describe("the mailing lists", () => {
  function show(list = lists) {
    const { environment, queryRef } = preload(MailingListsScreenQuery, {}, { Query: () => ({ mailingLists: list }) });
    renderAdmin(<MailingListsScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, {
      environment,
      permissions: ["mailingLists.read"],
    });
  }

  it("lists each list with how many addresses it holds, its subscribers and its export", async () => {
    show();
    const row = screen.getAllByRole("row")[1];
    expect(
      within(row)
        .getAllByRole("cell")
        .slice(0, 2)
        .map((cell) => cell.textContent),
    ).toEqual(["Newsletter", "2"]);
    expect(screen.getByRole("link", { name: "Subscribers of Newsletter" }).getAttribute("href")).toBe("/config/mailing-lists/4");
    window.localStorage.setItem("sitecart.admin.xsrfToken", "token-2");
    const fetchMock = jest.fn(async () => ({ ok: false, status: 500, headers: new Headers(), blob: async () => new Blob([]) }));
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Export CSV of Newsletter" })));
    expect(fetchMock).toHaveBeenCalledWith("/api/owner/mailing-lists/4/signups.csv", {
      credentials: "same-origin",
      headers: { "x-siteuser-xsrf-token": "token-2" },
    });
    expect(screen.getByRole("alert").textContent).toBe("The export failed. Please try again.");
  });

  it("says the spec's words when the site has no list", () => {
    show([]);
    expect(screen.getByText("You don't have any mailing lists. Please create one before continuing")).toBeTruthy();
  });
});

describe("a list's subscribers", () => {
  const signUp = {
    email: "ada@example.com",
    status: "CONFIRMED",
    createdAt: "2026-11-20T10:00:00Z",
    confirmedAt: "2026-11-20T11:00:00Z",
    consents: [
      { level: "SINGLE", source: "FORM", pagePath: "/news", pageTitle: "News", consentText: "Monthly news.", createdAt: "2026-11-20T10:00:00Z" },
      { level: "CONFIRMED", source: "FORM", pagePath: "/news", pageTitle: "News", consentText: "Monthly news.", createdAt: "2026-11-20T11:00:00Z" },
    ],
  };
  function show(signUps = [signUp], { id = "4", hasNextPage = false } = {}) {
    const { environment, queryRef } = preload(
      MailingListScreenQuery,
      { mailingListId: Number(id) },
      {
        Query: () => ({
          mailingLists: lists,
          mailingListSignUps: { edges: signUps.map((node, index) => ({ node, cursor: `c${index}` })), pageInfo: { hasNextPage, endCursor: "c9" } },
        }),
      },
    );
    renderAdmin(<MailingListScreen queryRef={queryRef as never} match={{ params: { id }, search: new URLSearchParams() }} />, {
      environment,
      permissions: ["mailingLists.read"],
    });
  }

  it("shows each address with its status and every consent record: what, when, where, the text it saw", () => {
    show();
    expect(screen.getByRole("heading", { name: "Newsletter" })).toBeTruthy();
    const row = screen.getAllByRole("row")[1];
    expect(within(row).getByText("ada@example.com")).toBeTruthy();
    expect(within(row).getByText("Confirmed")).toBeTruthy();
    const records = within(row)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatch(/^Signed up on .+ through a newsletter formPage: News \(\/news\)Text shown: “Monthly news\.”$/);
    expect(records[1]).toMatch(/^Confirmed by email on /);
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeTruthy();
  });

  it("offers the next page when there is one", () => {
    show([signUp], { hasNextPage: true });
    expect(screen.getByRole("button", { name: "Show more" })).toBeTruthy();
  });

  it("says so when nobody is on the list", () => {
    show([]);
    expect(screen.getByText("Nobody is on this list yet.")).toBeTruthy();
  });

  it("says so for a list the site does not have", () => {
    show([], { id: "99" });
    expect(screen.getByText("This mailing list does not exist.")).toBeTruthy();
  });
});
