// Texts of many sites in one deployment (issue 21): what a visitor sees at an address with no store,
// at a store that is unavailable or removed, and what checkout answers while a store is closed. The
// spec does not show them (docs/decisions.md, issue 21).
export const siteMessages = {
  unknownTitle: "No store at this address", // ours
  unknownText: "There is no store at this address. Check the address, or ask the store for its link.", // ours
  unavailableTitle: "This store is temporarily unavailable", // ours
  unavailableText: "The store cannot take visitors or orders right now. Please come back later.", // ours
  removedTitle: "This store has closed", // ours
  removedText: "This store is no longer available at this address.", // ours
  checkoutClosed: "This store is not taking orders right now.", // ours
} as const;
