// The site screens of issue 10: header and footer (the owner's JSON kept, only title and text edited),
// navigation (nested links, checked next to their fields, every navigation), templates (errors at
// their line and column, preview, roll back behind the confirm dialog) and people (contributors,
// invite, remove behind the dialog, the matrix, members). Without the permission to change, nothing
// can be changed.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { createMockEnvironment } from "relay-test-utils";
import HeaderFooterScreenQuery from "../../../../client/__generated__/HeaderFooterScreenQuery.graphql.ts";
import NavigationScreenQuery from "../../../../client/__generated__/NavigationScreenQuery.graphql.ts";
import PeopleScreenQuery from "../../../../client/__generated__/PeopleScreenQuery.graphql.ts";
import TemplateScreenQuery from "../../../../client/__generated__/TemplateScreenQuery.graphql.ts";
import HeaderFooterScreen from "../../../../client/admin/site/HeaderFooterScreen.tsx";
import NavigationScreen from "../../../../client/admin/site/NavigationScreen.tsx";
import PeopleScreen from "../../../../client/admin/members/PeopleScreen.tsx";
import TemplateScreen from "../../../../client/admin/site/TemplateScreen.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";
import { preload } from "../../support/render.tsx";

type Env = ReturnType<typeof createMockEnvironment>;
const match = (params: Record<string, string> = {}) => ({ params, search: new URLSearchParams() });
const mutations = (environment: Env) => environment.mock.getAllOperations().filter((operation) => operation.request.node.params.operationKind === "mutation");
async function answer(environment: Env, data: Record<string, unknown>) {
  const [mutation] = mutations(environment);
  await act(async () => {
    environment.mock.resolve(mutation, { data } as never);
  });
}
const without = (...permissions: string[]) => ALL_PERMISSIONS.filter((permission) => !permissions.includes(permission));

describe("header and footer", () => {
  const render = (permissions = ALL_PERMISSIONS) => {
    const { environment, queryRef } = preload(
      HeaderFooterScreenQuery,
      {},
      {
        SiteHeaderFooter: () => ({ header: { title: "Linen & Co", layout: "centered" }, footer: { text: "Open daily", columns: 2 } }),
        Store: () => ({ title: "Sitecart Demo" }),
      },
    );
    return renderAdmin(<HeaderFooterScreen queryRef={queryRef as never} match={match()} />, { environment, permissions });
  };

  it("edits the title and the text, keeping the rest of the owner's header and footer, and says it is live", async () => {
    const { environment } = render();
    expect((screen.getByLabelText("Site title in the header") as HTMLInputElement).value).toBe("Linen & Co");
    expect(screen.getByText("Empty: the store's name, Sitecart Demo.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Footer text"), { target: { value: "  Closed on Sundays " } });
    fireEvent.change(screen.getByLabelText("Site title in the header"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const [mutation] = mutations(environment);
    expect(mutation.request.variables).toEqual({ input: { header: { layout: "centered" }, footer: { columns: 2, text: "Closed on Sundays" } } });
    await answer(environment, { updateSiteHeaderFooter: { __typename: "UpdateSiteHeaderFooterSuccess", siteHeaderFooter: { header: {}, footer: {} } } });
    expect(screen.getByRole("status").textContent).toBe("Saved. Every page of the store shows it now.");
  });

  it("refuses a title over 200 characters next to its field, focused, and sends nothing; the server's refusal shows above", async () => {
    const { environment } = render();
    fireEvent.change(screen.getByLabelText("Site title in the header"), { target: { value: "x".repeat(201) } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("At most 200 characters.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Site title in the header"));
    expect(mutations(environment)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Site title in the header"), { target: { value: "ok" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await answer(environment, {
      updateSiteHeaderFooter: { __typename: "InvalidInputError", __isError: "InvalidInputError", message: "header and footer must be JSON objects." },
    });
    expect(screen.getByRole("alert").textContent).toBe("header and footer must be JSON objects.");
  });

  it("shows without site.design but changes nothing", () => {
    render(without("site.design"));
    expect((screen.getByLabelText("Footer text") as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});

describe("navigation", () => {
  const link = (title: string, target: Record<string, unknown> = {}, links: unknown[] = []) => ({
    title,
    collectionId: null,
    externalLink: null,
    memberAreaId: null,
    ...target,
    links,
  });
  const render = (navigations: unknown[], permissions = ALL_PERMISSIONS) => {
    const { environment, queryRef } = preload(
      NavigationScreenQuery,
      {},
      {
        Query: () => ({ siteNavigations: navigations, navigationCollections: [{ collectionId: 7, title: "Shop", urlId: "shop" }] }),
      },
    );
    return renderAdmin(<NavigationScreen queryRef={queryRef as never} match={match()} />, { environment, permissions });
  };
  const main = () => ({
    identifier: "mainNav",
    templateId: "tmpl-1",
    links: [link("Shop", { collectionId: 7 }), link("Contact", { externalLink: "/contact" })],
  });

  it("shows the main navigation's links; a nested link added and filled in is saved under its folder", async () => {
    const { environment } = render([main()]);
    expect((screen.getByLabelText("Title", { selector: "#" + screen.getAllByLabelText("Title")[0].id }) as HTMLInputElement).value).toBe("Shop");
    const first = screen.getByRole("group", { name: "Link 1" });
    expect((within(first).getByLabelText("Collection") as HTMLSelectElement).value).toBe("7");
    fireEvent.click(within(first).getByRole("button", { name: "Add a nested link" }));
    const nested = screen.getByRole("group", { name: "Link 1.1" });
    fireEvent.change(within(nested).getByLabelText("Title"), { target: { value: "Sale" } });
    fireEvent.change(within(nested).getByLabelText("Address"), { target: { value: "https://example.com/sale" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const [mutation] = mutations(environment);
    expect(mutation.request.variables.input).toEqual({
      fieldName: "mainNav",
      templateId: "tmpl-1",
      items: [
        {
          title: "Shop",
          collectionId: 7,
          externalLink: null,
          memberAreaId: null,
          items: [{ title: "Sale", collectionId: null, externalLink: "https://example.com/sale", memberAreaId: null, items: [] }],
        },
        { title: "Contact", collectionId: null, externalLink: "/contact", memberAreaId: null, items: [] },
      ],
    });
    await answer(environment, { updateNavigation: { __typename: "UpdateNavigationSuccess" } });
    expect(screen.getByRole("status").textContent).toBe("Saved. Every page of the store shows it now.");
  });

  it("checks each link next to its field, focusing the first problem, and sends nothing", () => {
    const { environment } = render([main()]);
    fireEvent.click(screen.getByRole("button", { name: "Add a link" }));
    const added = screen.getByRole("group", { name: "Link 3" });
    fireEvent.change(within(added).getByLabelText("Links to"), { target: { value: "memberArea" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert").textContent).toBe("Please correct the fields marked below.");
    expect(document.activeElement).toBe(within(added).getByLabelText("Title"));
    expect(within(added).getAllByText("Required.")).toHaveLength(2);
    expect(mutations(environment)).toHaveLength(0);
  });

  it("removes a link only after confirming, and edits the other navigations too; says when there is no main navigation", async () => {
    render([{ identifier: "secondaryNav", templateId: null, links: [link("Help", { externalLink: "/contact" })] }]);
    expect(screen.getByText("Unable to find site main navigation")).toBeTruthy();
    expect(screen.getByText("This navigation has no links yet.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Navigation"), { target: { value: "secondaryNav" } });
    expect((within(screen.getByRole("group", { name: "Link 1" })).getByLabelText("Address") as HTMLInputElement).value).toBe("/contact");
    fireEvent.click(screen.getByRole("button", { name: "Remove: Link 1" }));
    await screen.findByRole("dialog", { name: "Remove this link?" });
    fireEvent.click(screen.getByRole("button", { name: "Remove link" }));
    await waitFor(() => expect(screen.queryByRole("group", { name: "Link 1" })).toBeNull());
  });

  it("without site.design shows the links and no way to change them", () => {
    render([main()], without("site.design"));
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add a link" })).toBeNull();
    expect((within(screen.getByRole("group", { name: "Link 2" })).getByLabelText("Address") as HTMLInputElement).disabled).toBe(true);
  });
});

describe("a template", () => {
  const render = (permissions = ALL_PERMISSIONS) => {
    const { environment, queryRef } = preload(
      TemplateScreenQuery,
      { name: "product" },
      {
        Query: () => ({
          template: {
            __typename: "Template",
            name: "product",
            currentVersion: 2,
            hasDefault: true,
            source: "<h1>{item.title}</h1>\n<p>v2</p>",
            versions: [
              { version: 2, createdAt: "2026-03-04T10:00:00.000Z", authorName: "Owner", source: "<h1>{item.title}</h1>\n<p>v2</p>" },
              { version: 1, createdAt: "2026-03-03T10:00:00.000Z", authorName: null, source: "<h1>v1</h1>" },
            ],
          },
        }),
      },
    );
    return renderAdmin(<TemplateScreen queryRef={queryRef as never} match={match({ name: "product" })} />, { environment, permissions });
  };

  it("a source that does not compile is not saved: its errors show at their line and column, and a button puts the cursor there", async () => {
    const { environment } = render();
    const source = screen.getByLabelText("Source") as HTMLTextAreaElement;
    fireEvent.change(source, { target: { value: "<h1>\n  {.section item}\n" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(mutations(environment)[0].request.variables).toEqual({ input: { name: "product", source: "<h1>\n  {.section item}\n" } });
    await answer(environment, {
      saveTemplate: { __typename: "SaveTemplateSuccess", saved: false, template: null, errors: [{ message: "Unclosed section", line: 2, column: 3 }] },
    });
    expect(screen.getByRole("alert").textContent).toBe("Not saved: the source has errors. Fix them and save again.");
    expect(screen.getByText("product, line 2, column 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Go to this line" }));
    expect(document.activeElement).toBe(source);
    expect(source.selectionStart).toBe(7);
  });

  it("lists the versions; rolling back asks first and sends the version", async () => {
    const { environment } = render();
    expect(screen.getAllByText("current")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Use this version" }));
    await screen.findByRole("dialog", { name: "Roll back this template?" });
    fireEvent.click(screen.getByRole("button", { name: "Roll back" }));
    await waitFor(() => expect(mutations(environment)).toHaveLength(1));
    expect(mutations(environment)[0].request.variables).toEqual({ input: { name: "product", version: 1 } });
    fireEvent.click(screen.getAllByRole("button", { name: "Load into the editor" })[1]);
    expect((screen.getByLabelText("Source") as HTMLTextAreaElement).value).toBe("<h1>v1</h1>");
  });

  it("without templates.write previews but cannot save or roll back", () => {
    render(without("templates.write"));
    expect(screen.getByRole("button", { name: "Preview" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Use this version" })).toBeNull();
  });
});

describe("people", () => {
  const render = (permissions = ALL_PERMISSIONS) => {
    const { environment, queryRef } = preload(
      PeopleScreenQuery,
      {},
      {
        Query: () => ({
          contributors: [
            { accountId: 1, email: "owner@sitecart.test", displayName: "Owner", role: 1, isViewer: true },
            { accountId: 2, email: "manager@sitecart.test", displayName: "", role: 8, isViewer: false },
          ],
          contributorInvitations: [{ invitationId: "i1", email: "new@example.com", role: 4, expiresAt: "2026-03-10T10:00:00.000Z" }],
          siteMembers: {
            edges: [{ cursor: "3", node: { accountId: 3, email: "member@sitecart.test", displayName: "", createdAt: "2026-03-01T10:00:00.000Z" } }],
            pageInfo: { hasNextPage: false },
          },
        }),
      },
    );
    return renderAdmin(<PeopleScreen queryRef={queryRef as never} match={match()} />, { environment, permissions });
  };

  it("lists contributors, invitations and members, and shows the permission matrix", () => {
    render();
    expect((screen.getByLabelText("Role of manager@sitecart.test") as HTMLSelectElement).value).toBe("8");
    expect(screen.getByText("invited")).toBeTruthy();
    expect(screen.getByText("member@sitecart.test")).toBeTruthy();
    const matrix = screen.getByRole("region", { name: "What each role may do" });
    const row = within(matrix).getByRole("row", { name: /people\.manage/ });
    expect(within(row).getAllByText("allowed")).toHaveLength(1);
  });

  it("invites with the chosen role, shows a refusal next to the address, and removes only after confirming", async () => {
    const { environment } = render();
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "ed@example.com" } });
    fireEvent.change(screen.getByLabelText("Role", { selector: "#invite-role" }), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(mutations(environment)[0].request.variables).toEqual({ input: { email: "ed@example.com", role: 4 } });
    await answer(environment, {
      inviteContributor: { __typename: "ConflictError", __isError: "ConflictError", message: "That address already belongs to a contributor." },
    });
    expect(screen.getByText("That address already belongs to a contributor.").id).toBe("invite-email-error");
    expect(document.activeElement).toBe(screen.getByLabelText("Email address"));

    fireEvent.click(screen.getAllByRole("button", { name: "Remove" })[1]);
    await screen.findByRole("dialog", { name: "Remove manager@sitecart.test?" });
    fireEvent.click(screen.getByRole("button", { name: "Remove contributor" }));
    await waitFor(() => expect(mutations(environment).some((operation) => operation.request.node.params.name === "PeopleScreenRemoveMutation")).toBe(true));
  });

  it("without people.manage lists people but offers no change", () => {
    render(without("people.manage"));
    expect(screen.getByText("Only an admin can invite, change or remove contributors.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(screen.queryByLabelText("Email address")).toBeNull();
    expect(screen.queryByLabelText("Role of manager@sitecart.test")).toBeNull();
  });
});
