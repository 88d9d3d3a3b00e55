// The product editor (issue 9, screen 2) in each state: every type's fields, field messages and
// focus, the mutations a save sends, a stock conflict, a server refusal, delete behind the confirm dialog.
import { act, fireEvent, screen, within } from "@testing-library/react";
import ProductEditorScreenQuery from "../../../../client/__generated__/ProductEditorScreenQuery.graphql.ts";
import ProductEditorScreen from "../../../../client/admin/catalog/ProductEditorScreen.tsx";
import { preload } from "../../support/render.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";
import { answer, connection, latest, pending, shirt, VIEWER, type Environment } from "./support.ts";

const STORE_PAGES = [
  { collectionId: 3, title: "Shop", urlId: "shop", categories: [] },
  {
    collectionId: 9,
    title: "Garden",
    urlId: "garden",
    categories: [
      { categoryId: 21, displayName: "Tools" },
      { categoryId: 22, displayName: "Seeds" },
    ],
  },
];

describe("product editor", () => {
  function show(product: Record<string, unknown> | null, options: { search?: string; permissions?: readonly string[] } = {}) {
    const isNew = product === null;
    const { environment, queryRef } = preload(
      ProductEditorScreenQuery,
      { id: isNew ? "" : "1", isNew },
      {
        Query: () => ({ store: { currency: "USD" }, ownerProduct: product, productStorePages: STORE_PAGES }),
      },
    );
    const utils = renderAdmin(
      <ProductEditorScreen queryRef={queryRef as never} match={{ params: isNew ? {} : { id: "1" }, search: new URLSearchParams(options.search ?? "") }} />,
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

  it("lists a new product on the chosen store page under the categories ticked", async () => {
    const { environment } = show(null, { search: "type=DIGITAL" });
    await forms(environment);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Trowel" } });
    fireEvent.change(document.getElementById("product-price")!, { target: { value: "12" } });
    expect(screen.queryByLabelText("Tools")).toBeNull();
    fireEvent.change(screen.getByLabelText("Listed on"), { target: { value: "9" } });
    fireEvent.click(screen.getByLabelText("Tools"));
    fireEvent.click(screen.getByLabelText("Seeds"));
    fireEvent.click(screen.getByLabelText("Seeds"));
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save product" })));
    expect(latest(environment).request.variables.input).toMatchObject({ name: "Trowel", collectionId: 9, categoryIds: [21], visible: true });
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
      categoryIds: [],
      collectionId: null,
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
    // Nothing was sent (the translations section's own query loads beside the editor).
    expect(pending(environment).filter((name) => name !== "ProductTranslationsEditorQuery")).toEqual([]);
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
    renderAdmin(<ProductEditorScreen queryRef={queryRef as never} match={{ params: { id: "999" }, search: new URLSearchParams() }} />, { environment });
    expect(screen.getByText("This product could not be found. It may have been deleted.")).toBeTruthy();
  });
});
