// Cart recalculation events (spec storefront §4 "Cart recalculation"): a start and an end event
// surround a form update of a cart entry, on window, so that anything on the page (totals, express
// checkout buttons, analytics) can wait for the recalculated cart. The end comes whatever the outcome.
export const CART_RECALCULATION_START = "sitecart:cart-recalculation-start";
export const CART_RECALCULATION_END = "sitecart:cart-recalculation-end";

export interface CartRecalculationDetail {
  entryId: string;
}

const announce = (type: string, detail: CartRecalculationDetail) => window.dispatchEvent(new CustomEvent<CartRecalculationDetail>(type, { detail }));

/** Announces the start; call the returned function once when the update ends (success or failure). */
export function startCartRecalculation(entryId: string): () => void {
  announce(CART_RECALCULATION_START, { entryId });
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    announce(CART_RECALCULATION_END, { entryId });
  };
}
