// The catalog screens (issue 9, screens 2 and 3) in each state: the products list (rows, empty, paged,
// filtered, read-only) and the inventory panel (row expander, in-place stock edit, row click, scarcity
// settings). The product editor has its own file (product-editor.test.tsx).
import { act, fireEvent, screen } from "@testing-library/react";
import InventoryScreenQuery from "../../../../client/__generated__/InventoryScreenQuery.graphql.ts";
import ProductListScreenQuery from "../../../../client/__generated__/ProductListScreenQuery.graphql.ts";
import InventoryScreen from "../../../../client/admin/catalog/InventoryScreen.tsx";
import ProductListScreen from "../../../../client/admin/catalog/ProductListScreen.tsx";
import { preload } from "../../support/render.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";
import { answer, connection, ebook, latest, mug, pending, shirt, VIEWER, type Environment } from "./support.ts";

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
