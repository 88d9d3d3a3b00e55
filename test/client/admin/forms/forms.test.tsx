// Forms and submissions (issue 9 screen 6): the forms list, the form builder driven by
// formTemplateSchema (every fieldset and field kind, add/remove/reorder by keyboard, errors next to
// the fields, delete behind the confirm dialog) and a form's submissions with every answer shape.
import { act, fireEvent, screen, within } from "@testing-library/react";
import FormBuilderScreenQuery from "../../../../client/__generated__/FormBuilderScreenQuery.graphql.ts";
import FormsScreenQuery from "../../../../client/__generated__/FormsScreenQuery.graphql.ts";
import SubmissionsScreenQuery from "../../../../client/__generated__/SubmissionsScreenQuery.graphql.ts";
import FormBuilderScreen from "../../../../client/admin/forms/FormBuilderScreen.tsx";
import FormsScreen from "../../../../client/admin/forms/FormsScreen.tsx";
import SubmissionsScreen from "../../../../client/admin/forms/SubmissionsScreen.tsx";
import { formTemplateSchema } from "../../../../server/domain/forms/schema.ts";
import { answerLatest, preload } from "../../support/render.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";

const EDITOR = ["site.read", "site.design", "forms.read", "forms.write", "templates.read"];
const VIEWER = ["site.read", "commerce.read", "products.read", "forms.read", "templates.read"];

describe("the forms list", () => {
  const forms = [
    { id: "Rm9ybTox", formId: 1, name: "Contact", key: "contact", kind: "FORM", submissionCount: 12, updatedAt: "2026-11-20T10:00:00Z" },
    { id: "Rm9ybToy", formId: 2, name: "Newsletter", key: "newsletter", kind: "NEWSLETTER", submissionCount: 3, updatedAt: "2026-11-21T10:00:00Z" },
  ];
  function show(list = forms, permissions = ALL_PERMISSIONS) {
    const { environment, queryRef } = preload(
      FormsScreenQuery,
      {},
      {
        Query: () => ({ forms: { edges: list.map((node) => ({ node, cursor: node.id })), pageInfo: { hasNextPage: false, endCursor: null } } }),
      },
    );
    renderAdmin(<FormsScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, { environment, permissions });
  }

  it("lists the forms with kind and submission count, each opening the builder and its submissions", () => {
    show();
    const rows = screen.getAllByRole("row").slice(1);
    expect(
      within(rows[1])
        .getAllByRole("cell")
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(["Newsletter", "newsletter", "Newsletter", "3"]);
    expect(screen.getByRole("link", { name: "Edit Contact" }).getAttribute("href")).toBe("/config/forms/1");
    expect(screen.getByRole("link", { name: "Submissions of Contact" }).getAttribute("href")).toBe("/config/forms/1/submissions");
    expect(screen.getByRole("link", { name: "New form" }).getAttribute("href")).toBe("/config/forms/new");
  });

  it("shows an editor (no submissions.read) no counts and no submissions link; a viewer no new-form link", () => {
    show(forms, EDITOR);
    expect(screen.queryByRole("columnheader", { name: "Submissions" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Submissions of Contact" })).toBeNull();
    expect(screen.getByRole("link", { name: "New form" })).toBeTruthy();
  });

  it("says so when there is no form", () => {
    show([], VIEWER);
    expect(screen.getByText("No forms yet.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "New form" })).toBeNull();
  });
});

describe("the form builder", () => {
  const contact = {
    id: "Rm9ybTox",
    formId: 1,
    key: "contact",
    name: "Contact",
    kind: "FORM",
    fieldDefinitions: [
      { id: "name", type: "name", title: "Name", required: true },
      { id: "email", type: "email", title: "Email", required: true },
      { id: "topics", type: "checkbox", title: "Topics", options: ["Orders", "Products"] },
    ],
    submissionMessage: "Thanks!",
    disclaimer: null,
    successRedirect: null,
    captchaEnabled: true,
    postSubmitHtml: null,
    mailingList: null,
  };

  function show(form: typeof contact | null = contact, permissions = ALL_PERMISSIONS) {
    const { environment, queryRef } = preload(
      FormBuilderScreenQuery,
      { id: form ? "1" : "0", isNew: !form },
      {
        Query: () => ({ formTemplateSchema: formTemplateSchema(), form }),
      },
    );
    const utils = renderAdmin(<FormBuilderScreen queryRef={queryRef as never} match={{ params: form ? { id: "1" } : {}, search: new URLSearchParams() }} />, {
      environment,
      permissions,
    });
    return utils;
  }
  const fieldItems = () => within(screen.getByRole("list", { name: "Fields" })).getAllByRole("listitem");
  const headings = () => fieldItems().map((item) => within(item).getByRole("heading").textContent);

  it("shows the fieldsets of platform-support §3 and each field with its kind's editable properties", () => {
    show();
    expect(
      screen
        .getAllByRole("group")
        .map((group) => group.querySelector(":scope > legend")?.textContent)
        .filter(Boolean),
    ).toEqual(["Build", "Storage", "Advanced", "Captcha", "Disclaimer"]);
    expect(headings()).toEqual(["1. Name: Name", "2. Email: Email", "3. Checkboxes: Topics"]);
    // A stored form's fields start closed: a long form reads as the list of its fields.
    expect(within(fieldItems()[2]).queryByLabelText("Options (one per line)")).toBeNull();
    for (const name of ["Name", "Email", "Topics"]) fireEvent.click(screen.getByRole("button", { name: `Edit ${name}` }));
    expect(screen.getByRole("button", { name: "Close Topics" }).getAttribute("aria-expanded")).toBe("true");
    const checkbox = fieldItems()[2];
    expect((within(checkbox).getByLabelText("Options (one per line)") as HTMLTextAreaElement).value).toBe("Orders\nProducts");
    expect(within(fieldItems()[1]).getByLabelText("Placeholder")).toBeTruthy();
    expect(within(fieldItems()[0]).queryByLabelText("Placeholder")).toBeNull();
    expect((screen.getByLabelText("Message after sending") as HTMLTextAreaElement).value).toBe("Thanks!");
    expect((screen.getByLabelText("Ask for a captcha (when the site has a captcha key)") as HTMLInputElement).checked).toBe(true);
  });

  it("offers every field kind, and a new field of each kind shows that kind's properties", async () => {
    show(null);
    const kinds = within(screen.getByLabelText("Kind of field to add"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(kinds).toHaveLength(19);
    fireEvent.change(screen.getByLabelText("Kind of field to add"), { target: { value: "hidden" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Add field" })));
    const hidden = fieldItems()[0];
    expect(within(hidden).getByLabelText("Query key")).toBeTruthy();
    expect(within(hidden).getByLabelText("Default value")).toBeTruthy();
    expect(within(hidden).queryByLabelText("Required")).toBeNull();
    expect(document.activeElement).toBe(within(hidden).getByLabelText("Title"));
    fireEvent.change(screen.getByLabelText("Kind of field to add"), { target: { value: "likert" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Add field" })));
    expect(within(fieldItems()[1]).getByLabelText("Questions (one per line)")).toBeTruthy();
    expect(within(fieldItems()[1]).queryByLabelText("Required")).toBeNull();
    expect(screen.getByText("Likert scale added.")).toBeTruthy();
  });

  it("reorders fields with the Up and Down buttons, keeping focus on the field's button and saying where it went", async () => {
    show();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Move Topics up" })));
    expect(headings()).toEqual(["1. Name: Name", "2. Checkboxes: Topics", "3. Email: Email"]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move Topics up" }));
    expect(screen.getByText("Topics is now field 2.")).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Move Topics up" })));
    expect(headings()[0]).toBe("1. Checkboxes: Topics");
    // At the top "Up" is disabled: focus goes to "Down".
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move Topics down" }));
  });

  it("removes a field and moves focus to the next one", async () => {
    show();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Remove Email" })));
    expect(headings()).toEqual(["1. Name: Name", "2. Checkboxes: Topics"]);
    expect(document.activeElement?.textContent).toBe("2. Checkboxes: Topics");
  });

  it("shows the rule's problem next to the field it is about and focuses it, sending nothing", async () => {
    const { environment } = show();
    fireEvent.click(screen.getByRole("button", { name: "Edit Topics" }));
    fireEvent.change(within(fieldItems()[2]).getByLabelText("Options (one per line)"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Close Topics" }));
    const before = environment.mock.getAllOperations().length;
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save form" })));
    expect(environment.mock.getAllOperations()).toHaveLength(before);
    // The field it is about opens, and its problem shows in it.
    expect(within(fieldItems()[2]).getByText("field topics's options needs at least one entry")).toBeTruthy();
    const options = within(fieldItems()[2]).getByLabelText("Options (one per line)");
    expect(document.activeElement).toBe(options);
    expect(options.getAttribute("aria-invalid")).toBe("true");
    expect(options.getAttribute("aria-describedby")).toBe(fieldItems()[2].querySelector(".field-error")!.id);
    expect(screen.getByRole("alert").textContent).toBe("Please correct the highlighted fields.");

    fireEvent.change(within(fieldItems()[2]).getByLabelText("Options (one per line)"), { target: { value: "A\nB" } });
    fireEvent.change(screen.getByLabelText("Key"), { target: { value: "Not a key" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save form" })));
    expect(screen.getByText("the key is 1 to 64 lower-case letters, digits or dashes")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Key"));
    expect(screen.getByLabelText("Key").getAttribute("aria-invalid")).toBe("true");
  });

  it("saves the form's fields and settings with updateForm and says so", async () => {
    const { environment } = show();
    fireEvent.change(screen.getByLabelText("Then go to"), { target: { value: "/thanks" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save form" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("UpdateFormMutation");
    expect(operation.request.variables.input).toEqual({
      id: "1",
      key: "contact",
      name: "Contact",
      kind: "FORM",
      fields: [
        { id: "name", type: "name", title: "Name", required: true },
        { id: "email", type: "email", title: "Email", required: true },
        { id: "topics", type: "checkbox", title: "Topics", options: ["Orders", "Products"] },
      ],
      submissionMessage: "Thanks!",
      disclaimer: "",
      successRedirect: "/thanks",
      captchaEnabled: true,
      postSubmitHtml: "",
      mailingListId: null,
    });
    await answerLatest(environment, {
      updateForm: { __typename: "UpdateFormSuccess", form: { ...contact, successRedirect: "/thanks", updatedAt: "2026-11-24T10:00:00Z" } },
    });
    expect(screen.getByText("Form saved.")).toBeTruthy();
  });

  it("shows a key another form uses next to the key", async () => {
    const { environment } = show();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save form" })));
    await answerLatest(environment, {
      updateForm: { __typename: "ConflictError", __isError: "ConflictError", message: "Another form already uses that key." },
    });
    expect(screen.getByLabelText("Key").getAttribute("aria-describedby")).toContain("form-key-error");
    expect(document.getElementById("form-key-error")?.textContent).toBe("Another form already uses that key.");
  });

  it("deletes only once confirmed, then goes back to the list", async () => {
    const { environment, navigate } = show();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Delete form" })));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText("Delete the form Contact?")).toBeTruthy();
    await act(async () => void fireEvent.click(within(dialog).getByRole("button", { name: "Delete" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ input: { id: "1" } });
    await answerLatest(environment, { deleteForm: { __typename: "DeleteFormSuccess", deletedId: 1 } });
    expect(navigate).toHaveBeenCalledWith("/config/forms");
  });

  it("creates a new newsletter form on the chosen mailing list, then opens it", async () => {
    const { environment, navigate } = show(null);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Deals" } });
    fireEvent.change(screen.getByLabelText("Key"), { target: { value: "deals" } });
    fireEvent.change(screen.getByLabelText("Kind of field to add"), { target: { value: "email" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Add field" })));
    fireEvent.change(screen.getByLabelText("Kind", { selector: "select" }), { target: { value: "NEWSLETTER" } });
    // The list picker reads the site's lists when it appears.
    await act(async () => environment.mock.resolveMostRecentOperation({ data: { mailingLists: [{ mailingListId: 4, name: "Newsletter" }] } } as never));
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save form" })));
    expect(screen.getByText("A List must be selected")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Mailing list"));
    fireEvent.change(screen.getByLabelText("Mailing list"), { target: { value: "4" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save form" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("CreateFormMutation");
    expect(operation.request.variables.input).toMatchObject({
      key: "deals",
      name: "Deals",
      kind: "NEWSLETTER",
      mailingListId: 4,
      fields: [{ id: "email", type: "email", title: "Email" }],
    });
    await answerLatest(environment, { createForm: { __typename: "CreateFormSuccess", form: { id: "Rm9ybTo5", formId: 9 } } });
    expect(navigate).toHaveBeenCalledWith("/config/forms/9?saved=1", { replace: true });
  });

  it("lets a viewer look but not change anything", () => {
    show(contact, VIEWER);
    expect(screen.getByText("You can look but not change anything here.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save form" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete form" })).toBeNull();
    expect((screen.getByLabelText("Name") as HTMLInputElement).closest("fieldset:disabled")).not.toBeNull();
  });
});

describe("a form's submissions", () => {
  const fieldDefinitions = [
    { id: "name", type: "name", title: "Name" },
    { id: "address", type: "address", title: "Address" },
    { id: "when", type: "date", title: "Date" },
    { id: "at", type: "time", title: "Time" },
    { id: "phone", type: "phone", title: "Phone" },
    { id: "topics", type: "checkbox", title: "Topics", options: ["A", "B"] },
    { id: "rate", type: "likert", title: "Rate", questions: ["Quality"] },
    { id: "notes", type: "textarea", title: "Notes" },
    { id: "section", type: "section", title: "More" },
  ];
  const submission = {
    id: "s1",
    createdAt: "2026-11-20T10:00:00Z",
    pagePath: "/contact",
    pageTitle: "Contact",
    answers: {
      name: ["Zoë", "Lovelace"],
      address: ["1 Main St", "", "Brooklyn", "NY", "11201", "US"],
      when: ["12", "24", "2026"],
      at: ["9", "30", "", "AM"],
      phone: ["", "212", "555", "0100"],
      topics: ["A", "B"],
      rate: { Quality: "1" },
      notes: "",
    },
  };
  function show(list = [submission], search = "") {
    const { environment, queryRef } = preload(
      SubmissionsScreenQuery,
      { id: "1", spam: search.includes("spam") },
      {
        Query: () => ({
          form: { formId: 1, name: "Contact", key: "contact", fieldDefinitions },
          formSubmissions: { edges: list.map((node) => ({ node, cursor: node.id })), pageInfo: { hasNextPage: false, endCursor: null } },
        }),
      },
    );
    return renderAdmin(<SubmissionsScreen queryRef={queryRef as never} match={{ params: { id: "1" }, search: new URLSearchParams(search) }} />, {
      environment,
    });
  }

  it("renders every answer shape as text, 'N/A' when empty, and no row for a section", () => {
    show();
    const terms = [...document.querySelectorAll(".answers dt")].map((term) => term.textContent);
    const values = [...document.querySelectorAll(".answers dd")].map((value) => value.textContent);
    expect(terms).toEqual(["Name", "Address", "Date", "Time", "Phone", "Topics", "Rate", "Notes"]);
    expect(values).toEqual(["Zoë Lovelace", "1 Main St, Brooklyn, NY, 11201, US", "12/24/2026", "9:30 AM", "(212) 555-0100", "A, B", "Quality: Agree", "N/A"]);
  });

  it("says so when there is none, and for spam", () => {
    show([]);
    expect(screen.getByText("No submissions yet.")).toBeTruthy();
  });

  it("switches to the spam the honeypot caught", () => {
    const { navigate } = show();
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "spam" } });
    expect(navigate).toHaveBeenCalledWith("/config/forms/1/submissions?spam=true");
  });

  it("exports the CSV with the session's xsrf header and saves it; says when the export failed", async () => {
    window.localStorage.setItem("sitecart.admin.xsrfToken", "token-1");
    const fetchMock = jest.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers({ "content-disposition": 'attachment; filename="contact-submissions.csv"' }),
      blob: async () => new Blob(["x"]),
    }));
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    (URL as unknown as { createObjectURL: unknown }).createObjectURL = jest.fn(() => "blob:1");
    (URL as unknown as { revokeObjectURL: unknown }).revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    show();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Export CSV" })));
    expect(fetchMock).toHaveBeenCalledWith("/api/owner/forms/1/submissions.csv", {
      credentials: "same-origin",
      headers: { "x-siteuser-xsrf-token": "token-1" },
    });
    expect(click).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("contact-submissions.csv");

    fetchMock.mockImplementationOnce(async () => ({ ok: false, status: 403, headers: new Headers(), blob: async () => new Blob([]) }));
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Export CSV" })));
    expect(screen.getByRole("alert").textContent).toBe("The export failed. Please try again.");
    click.mockRestore();
  });
});
