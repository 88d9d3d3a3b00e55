// The orders list's filters live in the URL (/config/orders?search=&state=&from=&to=), so a filtered
// list can be bookmarked, shared and reloaded. Dates are calendar days in the browser's time zone:
// "from" includes that whole day, "to" includes that whole day too.
import { ORDER_STATES, type OrderState } from "../../server/domain/orders/order-states.ts";

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

/** Local midnight of a YYYY-MM-DD day, `plusDays` later. */
function localMidnight(day: string, plusDays = 0): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year, month - 1, date + plusDays);
}

/** Whether the range is usable: no end before the start. */
export function dateRangeValid(filters: Pick<OrderFilters, "from" | "to">): boolean {
  return !filters.from || !filters.to || filters.from <= filters.to;
}

/** The ownerOrders query's variables for these filters. */
export function orderListVariables(filters: OrderFilters) {
  const valid = dateRangeValid(filters);
  return {
    search: filters.search || null,
    state: filters.state || null,
    placedAfter: valid && filters.from ? localMidnight(filters.from).toISOString() : null,
    placedBefore: valid && filters.to ? localMidnight(filters.to, 1).toISOString() : null,
  };
}

export const hasOrderFilters = (filters: OrderFilters) => Boolean(filters.search || filters.state || filters.from || filters.to);
