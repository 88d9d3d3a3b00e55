// /config/orders: search by order number, id or email; filter by state and the days placed; paged;
// new orders appear without reload. The filters live in the URL (order-filters.ts). Every order can be
// exported as CSV, a row per line item.
import { useRef, useState, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { graphql, usePreloadedQuery } from "react-relay";
import type { OrdersScreenQuery } from "../../__generated__/OrdersScreenQuery.graphql";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { ORDER_STATES } from "../../../server/domain/orders/order-states.ts";
import { OrderList } from "./OrderList.tsx";
import { ExportButton } from "../../shared/ui/ExportButton.tsx";
import { checkOrderDates, hasOrderFilters, orderFiltersHref, readOrderFilters, type OrderFilters } from "./order-filters.ts";
import "./orders.css";

export const ordersScreenQuery = graphql`
  query OrdersScreenQuery($search: String, $state: OrderState, $placedAfter: DateTime, $placedBefore: DateTime) {
    ...OrderList_query @arguments(search: $search, state: $state, placedAfter: $placedAfter, placedBefore: $placedBefore)
  }
`;

const text = adminMessages.orders;

export default function OrdersScreen({ queryRef, match }: ScreenProps<OrdersScreenQuery>) {
  const data = usePreloadedQuery<OrdersScreenQuery>(ordersScreenQuery, queryRef);
  const { navigate } = useRouter();
  const current = readOrderFilters(match.search);
  const [form, setForm] = useState<OrderFilters>(current);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const set = (field: keyof OrderFilters) => (event: { target: { value: string } }) => setForm((previous) => ({ ...previous, [field]: event.target.value }));

  function apply(event: FormEvent) {
    event.preventDefault();
    const dates = checkOrderDates(form);
    if (!dates.ok) {
      setRangeError(dates.message);
      toRef.current?.focus();
      return;
    }
    setRangeError(null);
    navigate(orderFiltersHref(form), { replace: true });
  }

  return (
    <div className="admin-page orders-page">
      <header>
        <h1>{text.title}</h1>
        <ExportButton path="/api/owner/orders.csv" fileName="orders.csv" label={adminMessages.exportOrdersLink} />
      </header>
      <form className="toolbar orders-filters" role="search" onSubmit={apply}>
        <div className="field orders-search">
          <label htmlFor="orders-search">{text.searchLabel}</label>
          <input id="orders-search" type="search" value={form.search} onChange={set("search")} />
        </div>
        <div className="field">
          <label htmlFor="orders-state">{text.stateLabel}</label>
          <select id="orders-state" value={form.state} onChange={set("state")}>
            <option value="">{text.anyState}</option>
            {ORDER_STATES.map((state) => (
              <option key={state} value={state}>
                {text.stateNames[state]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-from">{text.placedFromLabel}</label>
          <input id="orders-from" type="date" value={form.from} onChange={set("from")} />
        </div>
        <div className="field">
          <label htmlFor="orders-to">{text.placedToLabel}</label>
          <input
            id="orders-to"
            ref={toRef}
            type="date"
            value={form.to}
            onChange={set("to")}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? "orders-to-error" : undefined}
          />
          {rangeError ? (
            <p id="orders-to-error" className="field-error">
              {rangeError}
            </p>
          ) : null}
        </div>
        <div className="orders-filter-buttons">
          <button type="submit" className="button primary">
            {text.apply}
          </button>
          {hasOrderFilters(current) ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setForm({ search: "", state: "", from: "", to: "" });
                setRangeError(null);
                navigate("/config/orders", { replace: true });
              }}
            >
              {text.clear}
            </button>
          ) : null}
        </div>
      </form>
      <OrderList query={data} filtered={hasOrderFilters(current)} />
    </div>
  );
}
