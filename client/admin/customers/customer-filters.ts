// The customer list's search and sort live in the URL (/config/customers?search=&sort=), as the orders
// list's filters do, so a sorted search can be bookmarked, shared and reloaded. Kept apart from the
// screen so the route table does not load it.
import { CUSTOMER_SORTS, type CustomerSort } from "../../../server/domain/customers/customers.ts";

export interface CustomerFilters {
  search: string;
  sort: CustomerSort;
}

const isCustomerSort = (value: string | null): value is CustomerSort => value !== null && (CUSTOMER_SORTS as readonly string[]).includes(value);

export function readCustomerFilters(search: URLSearchParams): CustomerFilters {
  const sort = search.get("sort");
  return { search: (search.get("search") ?? "").trim(), sort: isCustomerSort(sort) ? sort : "LAST_ORDER" };
}

/** The list's address; the default sort (last order) is left out. */
export function customerFiltersHref(filters: CustomerFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.sort !== "LAST_ORDER") params.set("sort", filters.sort);
  const query = params.toString();
  return query ? `/config/customers?${query}` : "/config/customers";
}

/** The customers query's variables for these filters. */
export const customerListVariables = (filters: CustomerFilters) => ({ search: filters.search || null, sort: filters.sort });

/** A customer's page: the address is the key, encoded as one path segment. */
export const customerHref = (email: string) => `/config/customers/${encodeURIComponent(email)}`;
