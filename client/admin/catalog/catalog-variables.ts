// The catalog routes' variables, read from the address (kept apart from the screens so the route
// table does not load them): the products list's ?q=&type=&visible=, the inventory panel's ?q=&sort=.

/** Spec §3: physical 1, digital 2, service 3, gift card 4, paywall 5. */
export const PRODUCT_TYPES = ["PHYSICAL", "DIGITAL", "SERVICE", "GIFT_CARD", "PAYWALL"] as const;
export type ProductTypeName = (typeof PRODUCT_TYPES)[number];

export const INVENTORY_SORTS = ["NAME_ASC", "NAME_DESC", "STOCK_ASC", "STOCK_DESC", "PRICE_ASC", "PRICE_DESC"] as const;

const isProductType = (value: string | null): value is ProductTypeName => value !== null && (PRODUCT_TYPES as readonly string[]).includes(value);

export function productListVariables(search: URLSearchParams) {
  const visible = search.get("visible");
  const type = search.get("type");
  return {
    search: search.get("q") || null,
    type: isProductType(type) ? type : null,
    visible: visible === "true" ? true : visible === "false" ? false : null,
  };
}

type InventorySort = (typeof INVENTORY_SORTS)[number];
const isInventorySort = (value: string | null): value is InventorySort => value !== null && (INVENTORY_SORTS as readonly string[]).includes(value);

export function inventoryVariables(search: URLSearchParams) {
  const sort = search.get("sort");
  return { search: search.get("q") || null, sort: isInventorySort(sort) ? sort : "NAME_ASC" };
}

export const initialProductType = (search: URLSearchParams): ProductTypeName => {
  const type = search.get("type");
  return isProductType(type) ? type : "PHYSICAL";
};
