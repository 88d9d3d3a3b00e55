// Texts of the order page's status link box (issue 24 §3): the owner revokes the buyer's order status
// link or sends a new one. Part of adminMessages (admin.ts); ours, as every admin text.
export const adminOrderStatusLinkMessages = {
  orderStatusLink: {
    title: "Order status link",
    intro: "The buyer follows their order without an account through the link in their confirmation email.",
    active: "The link works.",
    revoked: (date: string) => `Revoked on ${date}. The page now says the link no longer works.`,
    none: "This order has no status link (placed before order status pages).",
    revoke: "Revoke status link",
    revoking: "Revoking…",
    reissue: "Send a new link",
    reissuing: "Sending…",
    revokedNotice: "The status link no longer works.",
    reissuedNotice: "A new link is on its way to the buyer. Earlier links no longer work.",
  },
} as const;
