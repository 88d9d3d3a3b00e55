// Texts of the customers screens (issue 24 §5): the list (/config/customers) and a customer's page
// (/config/customers/<email>). Part of adminMessages (admin.ts); ours, as every admin text. The page's
// orders, gift cards and subscriptions reuse the order page's words (admin-orders.ts); "not found" is
// the server's (owner.ts customerNotFound).
export const adminCustomerMessages = {
  customers: {
    title: "Customers",
    intro:
      "Everyone who bought from the store or signed up as a member, one row per email address. Total spent counts placed and fulfilled orders, less refunds.",
    searchLabel: "Search by email or name",
    sortLabel: "Sort by",
    sortNames: { LAST_ORDER: "Last order", TOTAL_SPENT: "Total spent", NAME: "Name" } as Readonly<Record<string, string>>,
    exportLink: "Export customers",
    empty: "No customers yet. Shoppers appear here when they place an order or sign up as members.",
    noMatch: "No customer matches this search.",
    columns: { customer: "Customer", kind: "Account", orders: "Orders", totalSpent: "Total spent", lastOrder: "Last order", consent: "Marketing" },
    member: "Member",
    guest: "Guest",
    consented: "Subscribed",
    notConsented: "Not subscribed",
    noOrder: "Never",
    unnamed: "No name",
  },
  customer: {
    pageTitle: "Customer",
    back: "All customers",
    summary: "Summary",
    orders: "Orders",
    noOrders: "No orders placed with this address.",
    subscriptions: "Subscriptions",
    noSubscriptions: "No subscriptions.",
    giftCardsBought: "Gift cards bought",
    giftCardsReceived: "Gift cards received",
    noGiftCards: "None.",
    addresses: "Saved addresses",
    noAddresses: "No saved address.",
    formSubmissions: "Form submissions",
    noFormSubmissions: "No form submissions from this address.",
    submissionColumns: { form: "Form", page: "Page", submitted: "Submitted" },
    subscriptionColumns: { product: "Product", plan: "Plan", state: "State", nextBilling: "Next billing" },
  },
} as const;
