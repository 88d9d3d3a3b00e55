// Connections that page forward only (first/after; `forwardPagesOnly` refuses last/before): a
// service's page of items, as the Relay connection the schema answers.

/** A page as the services answer it: the items in order, and whether more follow. */
export interface ForwardPage<T> {
  items: T[];
  hasNextPage: boolean;
}

export function forwardConnection<T>(page: ForwardPage<T>, cursorOf: (item: T) => string) {
  return {
    edges: page.items.map((node) => ({ node, cursor: cursorOf(node) })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: false,
      startCursor: page.items.length ? cursorOf(page.items[0]) : null,
      endCursor: page.items.length ? cursorOf(page.items[page.items.length - 1]) : null,
    },
  };
}
