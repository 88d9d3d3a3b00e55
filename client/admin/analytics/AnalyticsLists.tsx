// The analytics screen's lists: top products (sortable by views, adds or revenue), restock demand per
// variant and forms' views against submissions.
import { useState } from "react";
import { formatRate } from "../../../server/domain/analytics/dashboard.ts";
import { analyticsScreenMessages } from "../../../server/domain/messages/analytics-screen.ts";
import type { AnalyticsScreenQuery$data } from "../../__generated__/AnalyticsScreenQuery.graphql.ts";
import { count } from "./AnalyticsTotals.tsx";
import { DataTable } from "../../shared/ui/ListTable.tsx";
import { variantLabel } from "../../shared/admin/RestockGroup.ts";

const m = analyticsScreenMessages;
type Analytics = AnalyticsScreenQuery$data["ownerAnalytics"];

type SortKey = "views" | "adds" | "revenue";

export function TopProducts({ products }: { products: Analytics["topProducts"] }) {
  const [sortKey, setSortKey] = useState<SortKey>("views");
  const value = (product: Analytics["topProducts"][number], key: SortKey) => (key === "revenue" ? product.revenue.value : product[key]);
  const sorted = [...products].sort((a, b) => value(b, sortKey) - value(a, sortKey) || a.productId - b.productId).slice(0, 10);
  const header = (key: SortKey, label: string) => (
    <th scope="col" className="numeric" aria-sort={sortKey === key ? "descending" : undefined}>
      <button type="button" className="sort-button" onClick={() => setSortKey(key)} aria-label={m.sortBy(label)} aria-pressed={sortKey === key}>
        {label}
        {sortKey === key ? " ▼" : ""}
      </button>
    </th>
  );
  return (
    <section className="card analytics-section" aria-labelledby="analytics-products">
      <h2 id="analytics-products">{m.topProducts}</h2>
      {products.length === 0 ? (
        <p className="empty-state">{m.noProductViews}</p>
      ) : (
        <>
          {/* On a phone the table's headings are hidden: the order is chosen here instead. */}
          <div className="field products-sort">
            <label htmlFor="analytics-products-sort">{m.sortLabel}</label>
            <select id="analytics-products-sort" value={sortKey} onChange={(event) => setSortKey(event.target.value as SortKey)}>
              <option value="views">{m.views}</option>
              <option value="adds">{m.adds}</option>
              <option value="revenue">{m.revenue}</option>
            </select>
          </div>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{m.product}</th>
                {header("views", m.views)}
                {header("adds", m.adds)}
                <th scope="col" className="numeric">
                  {m.unitsSold}
                </th>
                {header("revenue", m.revenue)}
              </tr>
            </thead>
            <tbody>
              {sorted.map((product) => (
                <tr key={product.productId}>
                  <td data-label={m.product}>{product.productName ?? m.deletedProduct(product.productId)}</td>
                  <td data-label={m.views} className="numeric">
                    {count.format(product.views)}
                  </td>
                  <td data-label={m.adds} className="numeric">
                    {count.format(product.adds)}
                  </td>
                  <td data-label={m.unitsSold} className="numeric">
                    {count.format(product.unitsSold)}
                  </td>
                  <td data-label={m.revenue} className="numeric">
                    {product.revenue.formatted}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

export function WaitlistDemand({ groups }: { groups: Analytics["waitlistDemand"] }) {
  return (
    <section className="card analytics-section" aria-labelledby="analytics-waitlists">
      <h2 id="analytics-waitlists">{m.waitlists}</h2>
      <p className="field-hint">{m.waitlistsIntro}</p>
      {groups.length === 0 ? (
        <p className="empty-state">{m.waitlistsEmpty}</p>
      ) : (
        <DataTable
          rows={groups}
          rowKey={(group) => group.variantId}
          columns={[
            { header: m.product, cell: (group) => group.productName },
            { header: m.variant, cell: (group) => variantLabel(group.attributes, group.sku) },
            { header: m.waiting, numeric: true, cell: (group) => count.format(group.received) },
            { header: m.stock, numeric: true, cell: (group) => (group.unlimited ? m.unlimited : count.format(group.qtyInStock)) },
          ]}
        />
      )}
    </section>
  );
}

export function Forms({ forms }: { forms: Analytics["forms"] }) {
  return (
    <section className="card analytics-section" aria-labelledby="analytics-forms">
      <h2 id="analytics-forms">{m.forms}</h2>
      {forms.length === 0 ? (
        <p className="empty-state">{m.formsEmpty}</p>
      ) : (
        <DataTable
          rows={forms}
          rowKey={(form) => form.formKey}
          columns={[
            { header: m.form, cell: (form) => form.formName ?? m.deletedForm(form.formKey) },
            { header: m.formViews, numeric: true, cell: (form) => count.format(form.views) },
            { header: m.submissions, numeric: true, cell: (form) => count.format(form.submissions) },
            { header: m.formConversion, numeric: true, cell: (form) => (form.conversion == null ? m.noFigure : formatRate(form.conversion)) },
          ]}
        />
      )}
    </section>
  );
}
