// The API keys panel and the marketing screen (issue 10 items 6 and 7): the list, the creation modal
// (name → permissions and expiry → the key shown once with Copy → Done), delete through the confirm
// dialog, learn more and terms of use; the pixel id form and the feed URLs with Copy.
import { act, fireEvent, screen, within } from "@testing-library/react";
import ApiKeysScreenQuery from "../../../../client/__generated__/ApiKeysScreenQuery.graphql.ts";
import MarketingScreenQuery from "../../../../client/__generated__/MarketingScreenQuery.graphql.ts";
import ApiKeysScreen from "../../../../client/admin/members/ApiKeysScreen.tsx";
import MarketingScreen from "../../../../client/admin/site/MarketingScreen.tsx";
import { answerLatest, preload } from "../../support/render.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";

const match = { params: {}, search: new URLSearchParams() };
const SECRET = `sck_${"x".repeat(43)}`;

const keys = [
  {
    id: "k1",
    name: "Inventory sync",
    prefix: "sck_AbCd",
    scopes: ["products.read", "products.write"],
    createdAt: "2026-11-20T10:00:00Z",
    expiresAt: null,
    lastUsedAt: "2026-11-24T09:30:00Z",
  },
  {
    id: "k2",
    name: "Old report",
    prefix: "sck_Zz12",
    scopes: ["orders.read"],
    createdAt: "2026-01-01T10:00:00Z",
    expiresAt: "2026-02-01T10:00:00Z",
    lastUsedAt: null,
  },
];

function showKeys(list = keys, permissions: readonly string[] = ALL_PERMISSIONS) {
  const { environment, queryRef } = preload(
    ApiKeysScreenQuery,
    {},
    { Query: () => ({ apiKeys: list, apiKeyGrantableScopes: ["products.read", "products.write", "orders.read"] }) },
  );
  renderAdmin(<ApiKeysScreen queryRef={queryRef as never} match={match} />, { environment, permissions });
  return environment;
}

beforeEach(() => {
  Object.assign(navigator, { clipboard: { writeText: jest.fn(async () => {}) } });
});

it("lists each key with its name, permissions, dates and last use, and never a secret", () => {
  showKeys();
  const rows = screen.getAllByRole("row").slice(1);
  expect(rows).toHaveLength(2);
  expect(within(rows[0]).getByText("Inventory sync")).toBeTruthy();
  expect(within(rows[0]).getByText("sck_AbCd…")).toBeTruthy();
  expect(within(rows[0]).getByText("products.write")).toBeTruthy();
  expect(within(rows[1]).getByText("Expired")).toBeTruthy();
  expect(within(rows[1]).getAllByText("Never")).toHaveLength(1);
  expect(screen.getByText("Learn more about the API")).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Terms of use" })).toBeTruthy();
});

it("shows the empty state, and no create or delete without apiKeys.manage", () => {
  showKeys([], ["site.read"]);
  expect(screen.getByText("No API keys yet.")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Create API key" })).toBeNull();
});

it("creates a key step by step and shows it once with a Copy button and a warning", async () => {
  const environment = showKeys([]);
  fireEvent.click(screen.getByRole("button", { name: "Create API key" }));
  const dialog = screen.getByRole("dialog", { name: "Create an API key" });
  // Next without a name: the error is next to the field, which gets focus.
  fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
  expect(within(dialog).getByText("Please name the key.")).toBeTruthy();
  expect(document.activeElement).toBe(within(dialog).getByLabelText("Name"));
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Inventory sync" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
  // Step 2: no permission chosen is refused before anything is sent.
  fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
  expect(within(dialog).getByText("Choose at least one permission for the key.")).toBeTruthy();
  fireEvent.click(within(dialog).getByLabelText(/Read products and stock/));
  fireEvent.click(within(dialog).getByLabelText(/Change products and stock/));
  fireEvent.change(within(dialog).getByLabelText("Expires on"), { target: { value: "2030-01-31" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.node.params.name).toBe("ApiKeyCreateDialogMutation");
  expect(operation.request.variables.input).toEqual({
    name: "Inventory sync",
    scopes: ["products.read", "products.write"],
    expiresAt: new Date("2030-01-31T23:59:59").toISOString(),
  });
  await answerLatest(environment, { createApiKey: { __typename: "CreateApiKeySuccess", secret: SECRET, apiKey: { id: "k9", name: "Inventory sync" } } });
  expect(within(dialog).getByText("Copy this key now and store it somewhere safe. It will not be shown again.")).toBeTruthy();
  expect((within(dialog).getByLabelText("Your API key") as HTMLInputElement).value).toBe(SECRET);
  await act(async () => void fireEvent.click(within(dialog).getByRole("button", { name: "Copy: Your API key" })));
  expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET);
  expect(within(dialog).getByText("Copied to the clipboard.")).toBeTruthy();
  // Escape does not lose the key: only Done closes this step.
  fireEvent.keyDown(dialog, { key: "Escape" });
  expect(screen.getByRole("dialog")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(screen.getByRole("status").textContent).toBe("The API key “Inventory sync” was created.");
  expect(screen.queryByText(SECRET)).toBeNull();
});

it("shows the server's refusal in the modal", async () => {
  const environment = showKeys([]);
  fireEvent.click(screen.getByRole("button", { name: "Create API key" }));
  const dialog = screen.getByRole("dialog");
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "x" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
  fireEvent.click(within(dialog).getByLabelText(/Read orders/));
  fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
  await answerLatest(environment, {
    createApiKey: {
      __typename: "InvalidInputError",
      __isError: "InvalidInputError",
      message: "A key can only have permissions your role holds (and never the management of keys).",
    },
  });
  expect(within(dialog).getByRole("alert").textContent).toBe("A key can only have permissions your role holds (and never the management of keys).");
});

it("cancels the modal without creating anything", () => {
  const environment = showKeys([]);
  fireEvent.click(screen.getByRole("button", { name: "Create API key" }));
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(environment.mock.getAllOperations()).toHaveLength(0);
});

it("deletes a key only after the confirm dialog", async () => {
  const environment = showKeys();
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Delete the API key Inventory sync" })));
  const confirm = screen.getByRole("dialog", { name: "Delete this API key?" });
  expect(within(confirm).getByText(/Programs using “Inventory sync” are refused/)).toBeTruthy();
  await act(async () => void fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" })));
  expect(environment.mock.getAllOperations()).toHaveLength(0);
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Delete the API key Inventory sync" })));
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Delete key" })));
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.variables).toEqual({ input: { id: "k1" } });
  await answerLatest(environment, { revokeApiKey: { __typename: "RevokeApiKeySuccess" } });
  expect(screen.getByRole("status").textContent).toBe("The API key was deleted.");
});

function showMarketing(pixelId: string | null = null) {
  const { environment, queryRef } = preload(
    MarketingScreenQuery,
    {},
    {
      MarketingSettings: () => ({
        pixelId,
        feedXmlUrl: "https://shop.example/feeds/tok/products.xml",
        feedCsvUrl: "https://shop.example/feeds/tok/products.csv",
      }),
    },
  );
  renderAdmin(<MarketingScreen queryRef={queryRef as never} match={match} />, { environment });
  return environment;
}

it("saves the pixel id, refusing a malformed one next to the field", async () => {
  const environment = showMarketing("12345");
  const input = screen.getByLabelText("Pixel ID") as HTMLInputElement;
  expect(input.value).toBe("12345");
  fireEvent.change(input, { target: { value: "abc" } });
  fireEvent.click(screen.getByRole("button", { name: "Save pixel ID" }));
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(document.activeElement).toBe(input);
  expect(environment.mock.getAllOperations()).toHaveLength(0);
  fireEvent.change(input, { target: { value: "987654321" } });
  fireEvent.click(screen.getByRole("button", { name: "Save pixel ID" }));
  expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ input: { pixelId: "987654321" } });
  await answerLatest(environment, {
    setPixelId: {
      __typename: "SetPixelIdSuccess",
      marketing: { pixelId: "987654321", feedXmlUrl: "https://shop.example/feeds/tok/products.xml", feedCsvUrl: "https://shop.example/feeds/tok/products.csv" },
    },
  });
  expect(screen.getByText("Pixel ID saved.")).toBeTruthy();
});

it("copies a feed URL, and makes new addresses only after the confirm dialog", async () => {
  const environment = showMarketing();
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Copy: Feed URL (Google Merchant XML)" })));
  expect(navigator.clipboard.writeText).toHaveBeenCalledWith("https://shop.example/feeds/tok/products.xml");
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Make new feed addresses" })));
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Make new addresses" })));
  expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ input: { confirm: true } });
  await answerLatest(environment, {
    regenerateFeedToken: {
      __typename: "RegenerateFeedTokenSuccess",
      marketing: { pixelId: null, feedXmlUrl: "https://shop.example/feeds/new/products.xml", feedCsvUrl: "https://shop.example/feeds/new/products.csv" },
    },
  });
  expect(screen.getByText("New feed addresses made. The old ones no longer work.")).toBeTruthy();
});
