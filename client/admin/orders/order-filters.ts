// The orders list's filters live in the URL (/config/orders?search=&state=&from=&to=), so a filtered
// list can be bookmarked, shared and reloaded. Dates are calendar days in the site's time zone (as
// analytics counts them, server/domain/date-range.ts): "from" and "to" each include their whole day.
import { addDays, checkDayRange, dayStartsAt, type DayRangeCheck } from "../../../server/domain/date-range.ts";
import { ORDER_STATES, type OrderState } from "../../../server/domain/orders/order-states.ts";

export interface OrderFilters {
  search: string;
  state: OrderState | "";
  /** YYYY-MM-DD or "" */
  from: string;
  /** YYYY-MM-DD or "" */
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readOrderFilters(search: URLSearchParams): OrderFilters {
  const state = search.get("state") ?? "";
  const day = (name: string) => {
    const value = search.get(name) ?? "";
    return DAY.test(value) ? value : "";
  };
  return {
    search: (search.get("search") ?? "").trim(),
    state: (ORDER_STATES as readonly string[]).includes(state) ? (state as OrderState) : "",
    from: day("from"),
    to: day("to"),
  };
}

export function orderFiltersHref(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.state) params.set("state", filters.state);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  const query = params.toString();
  return query ? `/config/orders?${query}` : "/config/orders";
}

/** Whether the range is usable (either end may be open), with the refusal to show when not. */
export function checkOrderDates(filters: Pick<OrderFilters, "from" | "to">): DayRangeCheck {
  return checkDayRange(filters.from, filters.to, { required: false });
}

/** The ownerOrders query's variables for these filters. */
export function orderListVariables(filters: OrderFilters, timeZone: string) {
  const valid = checkOrderDates(filters).ok;
  return {
    search: filters.search || null,
    state: filters.state || null,
    placedAfter: valid && filters.from ? dayStartsAt(filters.from, timeZone).toISOString() : null,
    placedBefore: valid && filters.to ? dayStartsAt(addDays(filters.to, 1), timeZone).toISOString() : null,
  };
}

export const hasOrderFilters = (filters: OrderFilters) => Boolean(filters.search || filters.state || filters.from || filters.to);
