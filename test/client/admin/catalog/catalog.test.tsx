// The catalog screens (issue 9, screens 2 and 3) in each state: the products list (rows, empty, paged,
// filtered, read-only), the product editor (every type's fields, field messages and focus, the
// mutations a save sends, a stock conflict, a server refusal, delete behind the confirm dialog) and
// the inventory panel (row expander, in-place stock edit, row click, scarcity settings).
import { act, fireEvent, screen, within } from "@testing-library/react";
import { MockPayloadGenerator } from "relay-test-utils";
import type { MockResolvers } from "relay-test-utils/lib/RelayMockPayloadGenerator";
import InventoryScreenQuery from "../../../../client/__generated__/InventoryScreenQuery.graphql.ts";
import ProductEditorScreenQuery from "../../../../client/__generated__/ProductEditorScreenQuery.graphql.ts";
import ProductListScreenQuery from "../../../../client/__generated__/ProductListScreenQuery.graphql.ts";
import InventoryScreen from "../../../../client/admin/catalog/InventoryScreen.tsx";
import ProductEditorScreen from "../../../../client/admin/catalog/ProductEditorScreen.tsx";
import ProductListScreen from "../../../../client/admin/catalog/ProductListScreen.tsx";
import { preload } from "../../support/render.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";

type Environment = ReturnType<typeof preload>["environment"];

const VIEWER = ["products.read", "commerce.read", "site.read", "forms.read", "templates.read"];

const connection = (nodes: Record<string, unknown>[], hasNextPage = false) => ({
  edges: nodes.map((node, index) => ({ node, cursor: `c${index}` })),
  pageInfo: { hasNextPage, endCursor: hasNextPage ? "next" : null },
});

const mug = {
  id: "UHJvZHVjdDoy",
  itemId: "2",
  name: "Ceramic Mug",
  productType: "PHYSICAL",
  visible: true,
  isSubscribable: false,
  price: { formatted: "$18.00" },
  unlimitedStock: false,
  totalStock: 3,
};
const ebook = {
  ...mug,
  id: "UHJvZHVjdDo0",
  itemId: "4",
  name: "Recipe eBook",
  productType: "DIGITAL",
  visible: false,
  price: { formatted: "$12.00" },
  unlimitedStock: true,
  totalStock: null,
};

/** The names of the pending operations, oldest first. */
/** Queries and mutations waiting for an answer (the live stock subscription stays open, so it is left out). */
const pending = (environment: Environment) =>
  environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.operationKind !== "subscription")
    .map((operation) => operation.request.node.params.name);
const latest = (environment: Environment) => environment.mock.getMostRecentOperation();

/** Answers the newest operation with generated data shaped by `resolvers` (a union member by its __typename). */
async function answer(environment: Environment, resolvers: MockResolvers) {
  await act(async () => environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, resolvers)));
}

describe("products list", () => {
  function show(nodes: Record<string, unknown>[], options: { hasNextPage?: boolean; permissions?: readonly string[]; search?: string } = {}) {
    const { environment, queryRef } = preload(
      ProductListScreenQuery,
      { search: null, type: null, visible: null },
      {
        Query: () => ({ ownerProducts: connection(nodes, options.hasNextPage) }),
      },
    );
    return renderAdmin(<ProductListScreen queryRef={queryRef} match={{ params: {}, search: new URLSearchParams(options.search ?? "") }} />, {
      environment,
      permissions: options.permissions,
    });
  }

  it("lists each product with its type, price, stock and visibility, linked to its editor", () => {
    show([mug, ebook]);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent))).toEqual([
      ["Ceramic Mug", "Physical", "$18.00", "3 in stock", "Visible"],
      ["Recipe eBook", "Digital", "$12.00", "Unlimited", "Hidden"],
    ]);
    expect(screen.getByRole("link", { name: "Ceramic Mug" }).getAttribute("href")).toBe("/config/products/2");
    expect(screen.getByRole("link", { name: "Create product" }).getAttribute("href")).toBe("/config/products/new");
  });

  it("says so when no product matches", () => {
    show([]);
    expect(screen.getByText("No products match. Change the search or the filters, or create a product.")).toBeTruthy();
  });

  it("offers the next page while there is one", () => {
    show([mug], { hasNextPage: true });
    expect(screen.getByRole("button", { name: "Show more" })).toBeTruthy();
  });

  it("filters by type and visibility and searches through the address", () => {
    const { navigate } = show([mug], { search: "q=mug" });
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "GIFT_CARD" } });
    expect(navigate).toHaveBeenLastCalledWith("/config/products?q=mug&type=GIFT_CARD");
    fireEvent.change(screen.getByLabelText("Visibility"), { target: { value: "false" } });
    expect(navigate).toHaveBeenLastCalledWith("/config/products?q=mug&visible=false");
    fireEvent.change(screen.getByLabelText("Search by name or SKU"), { target: { value: " SHIRT-1 " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(navigate).toHaveBeenLastCalledWith("/config/products?q=SHIRT-1");
    expect([...(screen.getByLabelText("Type") as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      "All types",
      "Physical",
      "Digital",
      "Service",
      "Gift card",
      "Paywall",
    ]);
  });

  it("offers no create button to a role that cannot change products", () => {
    show([mug], { permissions: VIEWER });
    expect(screen.queryByRole("link", { name: "Create product" })).toBeNull();
  });
});

const shirt = {
  id: "UHJvZHVjdDox",
  itemId: "1",
  name: "Linen Shirt",
  slug: "linen-shirt",
  description: "Linen.",
  productType: "PHYSICAL",
  visible: true,
  isSubscribable: false,
  subscriptionPlan: null,
  priceMoney: null,
  salePriceMoney: null,
  onSale: false,
  variantOptionOrdering: ["Size", "Color"],
  variants: [
    {
      id: "VmFyaWFudDox",
      variantId: 11,
      sku: "LINEN-S-WHITE",
      attributes: [
        { name: "Size", value: "S" },
        { name: "Color", value: "White" },
      ],
      price: { value: 4500, currency: "USD" },
      salePrice: { value: 0 },
      onSale: false,
      unlimited: false,
      qtyInStock: 10,
    },
  ],
  giftCardDenominations: [],
  additionalFieldsForm: null,
  useCustomAddButtonText: false,
  customAddButtonText: null,
  merchandising: {
    customSoldOutText: null,
    scarcityEnabled: true,
    scarcityText: "Only {qty} left!",
    restockNotificationsEnabled: false,
    restockNotificationMessages: {},
    mailingListSignUpEnabled: false,
    mailingListOptInByDefault: false,
  },
};

describe("product editor", () => {
  function show(product: Record<string, unknown> | null, options: { search?: string; permissions?: readonly string[] } = {}) {
    const isNew = product === null;
    const { environment, queryRef } = preload(
      ProductEditorScreenQuery,
      { id: isNew ? "" : "1", isNew },
      {
        Query: () => ({ store: { currency: "USD" }, ownerProduct: product }),
      },
    );
    const utils = renderAdmin(
      <ProductEditorScreen queryRef={queryRef} match={{ params: isNew ? {} : { id: "1" }, search: new URLSearchParams(options.search ?? "") }} />,
      { environment, permissions: options.permissions ?? ALL_PERMISSIONS },
    );
    return utils;
  }
  const forms = (environment: Environment) => answer(environment, { Query: () => ({ forms: connection([{ formId: 7, name: "Engraving" }]) }) });

  it("shows the fields of each type: variants for physical, service and paywall; a price for digital; amounts for gift cards", async () => {
    for (const [type, expected] of [
      ["PHYSICAL", { variants: true, stock: true, digitalPrice: false, amounts: false, subscription: true }],
      ["SERVICE", { variants: true, stock: true, digitalPrice: false, amounts: false, subscription: true }],
      ["PAYWALL", { variants: true, stock: false, digitalPrice: false, amounts: false, subscription: false }],
      ["DIGITAL", { variants: false, stock: false, digitalPrice: true, amounts: false, subscription: false }],
      ["GIFT_CARD", { variants: false, stock: false, digitalPrice: false, amounts: true, subscription: false }],
    ] as const) {
      const { unmount } = show(null, { search: `type=${type}` });
      expect({
        variants: screen.queryByRole("button", { name: "Add variant" }) !== null,
        stock: screen.queryByLabelText("Unlimited stock") !== null,
        digitalPrice: document.getElementById("product-price") !== null,
        amounts: screen.queryByLabelText("Amounts") !== null,
        subscription: screen.queryByLabelText("Sell as a subscription") !== null,
      }).toEqual(expected);
      if (!expected.subscription) expect(screen.getByText("Subscriptions can be offered for physical and service products only.")).toBeTruthy();
      unmount();
    }
  });

  it("shows the messages next to the fields and focuses the first; nothing is sent", async () => {
    const { environment } = show(null);
    await forms(environment);
    fireEvent.click(screen.getByRole("button", { name: "Save product" }));
    const name = screen.getByLabelText("Name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby")!)?.textContent).toBe("Enter the product's name (at most 200 characters).");
    expect(document.activeElement).toBe(name);
    expect(screen.getByRole("alert").textContent).toBe("Please correct the highlighted fields.");
    expect(screen.getByText("Enter a SKU (at most 100 characters), different for every variant.")).toBeTruthy();
    expect(screen.getByText("Enter an amount like 45.00 (at most 1,000,000.00).")).toBeTruthy();
    expect(pending(environment)).toEqual([]);
  });

  it("creates a product with two options: one createProduct with the variants, then its merchandising, then opens its editor", async () => {
    const { environment, navigate } = show(null);
    await forms(environment);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Field Jacket" } });
    fireEvent.click(screen.getByRole("button", { name: "Add option" }));
    fireEvent.change(screen.getByLabelText("Option 1 name"), { target: { value: "Size" } });
    fireEvent.click(screen.getByRole("button", { name: "Add option" }));
    fireEvent.change(screen.getByLabelText("Option 2 name"), { target: { value: "Color" } });
    // Color first: the option order is what the page shows.
    fireEvent.click(screen.getByRole("button", { name: "Move Color up" }));
    const card = within(document.querySelector(".variant-card") as HTMLElement);
    fireEvent.change(card.getByLabelText("SKU"), { target: { value: "JACKET-M" } });
    fireEvent.change(card.getByLabelText("Size"), { target: { value: "M" } });
    fireEvent.change(card.getByLabelText("Color"), { target: { value: "Olive" } });
    fireEvent.change(card.getByLabelText("Price"), { target: { value: "120.5" } });
    fireEvent.change(card.getByLabelText("Units in stock"), { target: { value: "4" } });
    fireEvent.click(screen.getByLabelText("Sell as a subscription"));
    fireEvent.change(screen.getByLabelText("Bill every"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Billing unit"), { target: { value: "WEEK" } });
    fireEvent.change(screen.getByLabelText("Additional-fields form"), { target: { value: "7" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save product" })));
    expect(latest(environment).request.variables.input).toEqual({
      name: "Field Jacket",
      description: "",
      visible: true,
      productType: "PHYSICAL",
      variantOptionOrdering: ["Color", "Size"],
      additionalFieldsFormId: 7,
      useCustomAddButtonText: false,
      customAddButtonText: null,
      variants: [{ sku: "JACKET-M", attributes: { Color: "Olive", Size: "M" }, price: 12050, salePrice: 0, onSale: false, unlimited: false, qtyInStock: 4 }],
      subscriptionPlan: { billingPeriodValue: 2, billingPeriodUnit: "WEEK", numBillingCycles: 0 },
    });
    await answer(environment, { CreateProductPayload: () => ({ __typename: "CreateProductSuccess" }), Product: () => ({ itemId: "42" }) });
    expect(latest(environment).request.node.params.name).toBe("UpdateMerchandisingMutation");
    expect(latest(environment).request.variables.input).toMatchObject({ productId: "42", scarcityEnabled: false, restockNotificationsEnabled: false });
    await answer(environment, { UpdateMerchandisingPayload: () => ({ __typename: "UpdateMerchandisingSuccess" }) });
    expect(navigate).toHaveBeenCalledWith("/config/products/42?created=1");
  });

  it("saves a stock change against the stock it read; a sale meanwhile shows the stock now next to the field", async () => {
    const { environment } = show(shirt);
    await forms(environment);
    fireEvent.change(screen.getByLabelText("Units in stock"), { target: { value: "25" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save product" })));
    expect(latest(environment).request.node.params.name).toBe("UpdateProductMutation");
    expect(latest(environment).request.variables.input).toMatchObject({
      id: "1",
      slug: "linen-shirt",
      variantOptionOrdering: ["Size", "Color"],
      subscriptionPlan: null,
    });
    await answer(environment, { UpdateProductPayload: () => ({ __typename: "UpdateProductSuccess" }), Product: () => shirt });
    // The variant's SKU, options and prices did not change: only its stock is sent.
    expect(latest(environment).request.node.params.name).toBe("SetVariantStockMutation");
    expect(latest(environment).request.variables.input).toEqual({
      id: "11",
      unlimited: false,
      qtyInStock: 25,
      expectedQtyInStock: 10,
      expectedUnlimited: false,
    });
    await act(async () =>
      environment.mock.resolveMostRecentOperation({
        data: {
          setVariantStock: {
            __typename: "StockChangedError",
            __isError: "StockChangedError",
            message: "The stock changed since you loaded it: 8 left now. Check it and save again.",
            currentQtyInStock: 8,
            currentUnlimited: false,
          },
        },
      } as never),
    );
    const stock = screen.getByLabelText("Units in stock");
    expect(document.getElementById(stock.getAttribute("aria-describedby")!)?.textContent).toBe(
      "The stock changed since you loaded it: 8 left now. Check it and save again.",
    );
    expect(document.activeElement).toBe(stock);
    // Saved again, it is checked against the 8 the store has now.
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save product" })));
    await answer(environment, { UpdateProductPayload: () => ({ __typename: "UpdateProductSuccess" }), Product: () => shirt });
    expect(latest(environment).request.variables.input).toMatchObject({ qtyInStock: 25, expectedQtyInStock: 8 });
  });

  it("saves the merchandising: scarcity text, sold-out text, restock notifications with their texts, the mailing-list sign-up and its default", async () => {
    const product = {
      ...shirt,
      merchandising: { ...shirt.merchandising, restockNotificationMessages: { CTAText: "Tell me", headline: "kept as it is" } },
    };
    const { environment } = show(product);
    await forms(environment);
    fireEvent.change(screen.getByLabelText("Scarcity text"), { target: { value: "Just {qty} to go" } });
    fireEvent.change(screen.getByLabelText("Custom sold-out text"), { target: { value: "Back in May" } });
    fireEvent.click(screen.getByLabelText("Offer restock notifications when sold out"));
    fireEvent.change(screen.getByLabelText("Restock button text"), { target: { value: "Email me" } });
    fireEvent.click(screen.getByLabelText("Offer a mailing-list sign-up with restock notifications"));
    fireEvent.click(screen.getByLabelText("Sign-up box ticked by default"));
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save product" })));
    await answer(environment, { UpdateProductPayload: () => ({ __typename: "UpdateProductSuccess" }), Product: () => product });
    expect(latest(environment).request.node.params.name).toBe("UpdateMerchandisingMutation");
    expect(latest(environment).request.variables.input).toEqual({
      productId: "1",
      customSoldOutText: "Back in May",
      scarcityEnabled: true,
      scarcityText: "Just {qty} to go",
      scarcityTemplateViews: ["product-page"],
      scarcityShownByDefault: true,
      restockNotificationsEnabled: true,
      restockNotificationViews: ["product-page"],
      restockNotificationMessages: { CTAText: "Tell me", headline: "kept as it is", buttonText: "Email me" },
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: true,
    });
    await answer(environment, { UpdateMerchandisingPayload: () => ({ __typename: "UpdateMerchandisingSuccess" }), Product: () => product });
    expect(screen.getByText("Product saved.").getAttribute("role")).toBe("status");
  });

  it("shows a refusal of the server next to its field", async () => {
    const { environment } = show(shirt);
    await forms(environment);
    fireEvent.change(screen.getByLabelText("URL slug"), { target: { value: "ceramic-mug" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save product" })));
    await act(async () =>
      environment.mock.resolveMostRecentOperation({
        data: { updateProduct: { __typename: "ConflictError", __isError: "ConflictError", message: "Another product already uses that URL." } },
      } as never),
    );
    const slug = screen.getByLabelText("URL slug");
    expect(slug.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Another product already uses that URL.")).toBeTruthy();
    expect(document.activeElement).toBe(slug);
  });

  it("deletes only after the confirm dialog says so", async () => {
    const { environment, navigate } = show(shirt);
    await forms(environment);
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Delete product" })));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText("Delete Linen Shirt?")).toBeTruthy();
    await act(async () => void fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" })));
    expect(pending(environment)).toEqual([]);
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Delete product" })));
    await act(async () => void fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete product" })));
    expect(latest(environment).request.variables.input).toEqual({ id: "1" });
    await answer(environment, { DeleteProductPayload: () => ({ __typename: "DeleteProductSuccess" }) });
    expect(navigate).toHaveBeenCalledWith("/config/products");
  });

  it("shows everything and changes nothing for a role without products.write", async () => {
    show(shirt, { permissions: VIEWER });
    expect(screen.getByText("You can look but not change anything here.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save product" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete product" })).toBeNull();
    expect(screen.getByLabelText("Name").matches(":disabled")).toBe(true);
  });

  it("says so when the product does not exist", () => {
    const { environment, queryRef } = preload(
      ProductEditorScreenQuery,
      { id: "999", isNew: false },
      { Query: () => ({ store: { currency: "USD" }, ownerProduct: null }) },
    );
    renderAdmin(<ProductEditorScreen queryRef={queryRef} match={{ params: { id: "999" }, search: new URLSearchParams() }} />, { environment });
    expect(screen.getByText("This product could not be found. It may have been deleted.")).toBeTruthy();
  });
});

describe("inventory panel", () => {
  const settings = { threshold: 5, onProductPages: true, inProductBlocks: true };
  function show(nodes: Record<string, unknown>[], permissions: readonly string[] = ALL_PERMISSIONS) {
    const { environment, queryRef } = preload(
      InventoryScreenQuery,
      { search: null, sort: "NAME_ASC" },
      {
        Query: () => ({ ownerProducts: connection(nodes), scarcitySettings: settings }),
      },
    );
    return renderAdmin(<InventoryScreen queryRef={queryRef} match={{ params: {}, search: new URLSearchParams() }} />, { environment, permissions });
  }
  const shirtRow = { ...mug, ...shirt, price: { formatted: "$45.00" }, unlimitedStock: false, totalStock: 10 };
  /** Opens the shirt's row: its variants load. */
  async function expand(environment: Environment) {
    fireEvent.click(screen.getByRole("button", { name: "Show the variants of Linen Shirt" }));
    expect(latest(environment).request.node.params.name).toBe("InventoryVariantsRefreshQuery");
    await answer(environment, { Query: () => ({ ownerProduct: shirtRow }) });
  }

  it("opens a row's variants and saves a variant's stock against what it read", async () => {
    const { environment } = show([shirtRow]);
    const expander = screen.getByRole("button", { name: "Show the variants of Linen Shirt" });
    expect(expander.getAttribute("aria-expanded")).toBe("false");
    await expand(environment);
    expect(screen.getByRole("button", { name: "Hide the variants of Linen Shirt" }).getAttribute("aria-expanded")).toBe("true");
    fireEvent.change(screen.getByLabelText("Units in stock for LINEN-S-WHITE"), { target: { value: "12" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save LINEN-S-WHITE" })));
    expect(latest(environment).request.variables.input).toEqual({
      id: "11",
      unlimited: false,
      qtyInStock: 12,
      expectedQtyInStock: 10,
      expectedUnlimited: false,
    });
    await act(async () =>
      environment.mock.resolveMostRecentOperation({
        data: {
          setVariantStock: {
            __typename: "StockChangedError",
            __isError: "StockChangedError",
            message: "The stock changed since you loaded it: 9 left now. Check it and save again.",
            currentQtyInStock: 9,
            currentUnlimited: false,
          },
        },
      } as never),
    );
    expect(screen.getByRole("alert").textContent).toBe("The stock changed since you loaded it: 9 left now. Check it and save again.");
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save LINEN-S-WHITE" })));
    expect(latest(environment).request.variables.input).toMatchObject({ qtyInStock: 12, expectedQtyInStock: 9 });
    await answer(environment, {
      SetVariantStockPayload: () => ({ __typename: "SetVariantStockSuccess" }),
      Variant: () => ({ qtyInStock: 12, unlimited: false }),
    });
    expect(screen.getByRole("status").textContent).toBe("Stock of LINEN-S-WHITE saved.");
  });

  it("refuses a stock that is not a whole number before sending it", async () => {
    const { environment } = show([shirtRow]);
    await expand(environment);
    fireEvent.change(screen.getByLabelText("Units in stock for LINEN-S-WHITE"), { target: { value: "-1" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save LINEN-S-WHITE" })));
    expect(screen.getByRole("alert").textContent).toBe("Enter a whole number from 0 to 1000000.");
    expect(pending(environment)).not.toContain("SetVariantStockMutation");
  });

  it("opens the editor on a row click, not on the expander", () => {
    const { navigate } = show([shirtRow]);
    fireEvent.click(screen.getByRole("button", { name: "Show the variants of Linen Shirt" }));
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole("row")[1].querySelectorAll("td")[2]);
    expect(navigate).toHaveBeenCalledWith("/config/products/1");
  });

  it("sorts through the address", () => {
    const { navigate } = show([shirtRow]);
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "STOCK_ASC" } });
    expect(navigate).toHaveBeenLastCalledWith("/config/inventory?sort=STOCK_ASC");
  });

  it("says so when nothing matches", () => {
    show([]);
    expect(screen.getByText("No products match the search.")).toBeTruthy();
  });

  it("saves the scarcity settings; refuses a threshold out of range next to the field", async () => {
    const { environment } = show([]);
    const threshold = screen.getByLabelText("Scarcity threshold (units)");
    fireEvent.change(threshold, { target: { value: "0" } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    expect(document.getElementById(threshold.getAttribute("aria-describedby")!)?.textContent).toBe("Enter a whole number from 1 to 1000.");
    expect(pending(environment)).toEqual([]);
    fireEvent.change(threshold, { target: { value: "3" } });
    fireEvent.click(screen.getByLabelText("Show scarcity in product blocks (the product grid and search results)"));
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    expect(latest(environment).request.variables.input).toEqual({ threshold: 3, onProductPages: true, inProductBlocks: false });
    await answer(environment, { UpdateScarcitySettingsPayload: () => ({ __typename: "UpdateScarcitySettingsSuccess" }) });
    expect(screen.getByRole("status").textContent).toBe("Settings saved.");
  });

  it("reads the rows again when stock changes elsewhere (a checkout, another tab)", async () => {
    const { environment } = show([shirtRow]);
    const subscription = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === "OwnerStockChangedSubscription");
    expect(subscription).toBeDefined();
    await act(async () => environment.mock.nextValue(subscription!, { data: { ownerStockChanged: { productIds: ["1"], variants: [] } } } as never));
    expect(pending(environment)).toContain("InventoryScreenPaginationQuery");
  });

  it("lets a role without products.write look but not change stock or settings", async () => {
    const { environment } = show([shirtRow], VIEWER);
    await expand(environment);
    expect((screen.getByLabelText("Units in stock for LINEN-S-WHITE") as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Save LINEN-S-WHITE" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save settings" })).toBeNull();
  });
});
