// The add-to-cart button (spec §4): idle -> adding ('Adding…') -> on success, after 1 s, 'Added!',
// back to idle 2 s later; on error the message shows and the button returns to idle after 1 s.
import { useEffect, useReducer, useRef } from "react";
import { messages } from "../../../../server/domain/messages/storefront.ts";

export const ADDED_DELAY_MS = 1000;
export const ADDED_SHOWN_MS = 2000;
export const ERROR_RESET_MS = 1000;

export type AddToCartState = { phase: "idle" } | { phase: "adding" } | { phase: "added" } | { phase: "failed"; title: string; message: string };

export type AddToCartEvent =
  | { type: "submit" }
  | { type: "succeeded" } // the server accepted; 'Added!' follows after ADDED_DELAY_MS
  | { type: "showAdded" }
  | { type: "failed"; title: string; message: string }
  | { type: "reset" };

export function addToCartReducer(state: AddToCartState, event: AddToCartEvent): AddToCartState {
  switch (event.type) {
    case "submit":
      return state.phase === "adding" ? state : { phase: "adding" };
    case "succeeded":
      return state; // still 'Adding…' until showAdded
    case "showAdded":
      return state.phase === "adding" ? { phase: "added" } : state;
    case "failed":
      return { phase: "failed", title: event.title, message: event.message };
    case "reset":
      return { phase: "idle" };
  }
}

/** The button's label in each phase; idle shows the product's own text. */
export function addToCartLabel(state: AddToCartState, idleLabel: string): string {
  if (state.phase === "adding") return messages.adding;
  if (state.phase === "added") return messages.added;
  return idleLabel;
}

export type PurchaseKind = "cart" | "express" | "giftCard";

/** The alert title for a failed add (spec §8). */
export function failureTitle(kind: PurchaseKind): string {
  if (kind === "express") return messages.alertUnableToPurchaseItem;
  if (kind === "giftCard") return messages.alertUnableToPurchaseGiftCard;
  return messages.alertUnableToAddItem;
}

/** A failure as the alert shows it: the title for this kind of purchase and the message. */
export interface PurchaseFailure {
  title: string;
  message: string;
}

/**
 * The button's state with its timers: `start` when the request goes out, then `succeeded` ('Added!'
 * after ADDED_DELAY_MS for ADDED_SHOWN_MS) or `failed` (idle again after ERROR_RESET_MS). Pending
 * timers are cleared on unmount.
 */
export function useAddToCartState(kind: PurchaseKind) {
  const [state, dispatch] = useReducer(addToCartReducer, { phase: "idle" });
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (ms: number, event: AddToCartEvent) => timers.current.push(setTimeout(() => dispatch(event), ms));
  return {
    state,
    busy: state.phase !== "idle",
    start: () => dispatch({ type: "submit" }),
    succeeded() {
      later(ADDED_DELAY_MS, { type: "showAdded" });
      later(ADDED_DELAY_MS + ADDED_SHOWN_MS, { type: "reset" });
    },
    /** Shows the failure on the button; returns it for the alert. */
    failed(message: string): PurchaseFailure {
      const failure = { title: failureTitle(kind), message };
      dispatch({ type: "failed", ...failure });
      later(ERROR_RESET_MS, { type: "reset" });
      return failure;
    },
  };
}
