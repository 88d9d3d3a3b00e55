// The orders list's filters (client/admin/orders/order-filters.ts): the days placed count in the site's
// time zone, as analytics counts them, whatever the browser's zone.
import { orderListVariables, readOrderFilters } from "../../../../client/admin/orders/order-filters.ts";

describe("the orders filter's days", () => {
  it("asks for the orders placed from the site's midnight of the first day to the site's midnight after the last", () => {
    const filters = readOrderFilters(new URLSearchParams("from=2026-03-05&to=2026-03-06"));
    expect(orderListVariables(filters, "Asia/Tokyo")).toEqual({
      search: null,
      state: null,
      placedAfter: "2026-03-04T15:00:00.000Z",
      placedBefore: "2026-03-06T15:00:00.000Z",
    });
    expect(orderListVariables(filters, "America/New_York")).toMatchObject({
      placedAfter: "2026-03-05T05:00:00.000Z",
      placedBefore: "2026-03-07T05:00:00.000Z",
    });
  });

  it("sends no dates for a range that ends before it starts", () => {
    const filters = readOrderFilters(new URLSearchParams("from=2026-03-06&to=2026-03-05"));
    expect(orderListVariables(filters, "Asia/Tokyo")).toMatchObject({ placedAfter: null, placedBefore: null });
  });
});
