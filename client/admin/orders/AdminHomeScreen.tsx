// The admin's home (/config): today's and this week's orders and revenue, low-stock variants, the
// biggest waitlists and the latest form submissions, each linking to its screen and shown only when
// the role may open that screen (the server answers null otherwise). New orders and stock changes
// refresh it without reload.
import { useCallback } from "react";
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import type { AdminHomeScreenQuery } from "../../__generated__/AdminHomeScreenQuery.graphql";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { useAdminViewer } from "../../shared/admin/viewer.ts";
import { useOwnerOrderActivity } from "./OwnerOrderActivitySubscription.ts";
import { useOwnerStockChanged } from "../../shared/admin/OwnerStockChangedSubscription.ts";
import { formatDateTime } from "../../shared/format/date-time.ts";
import "./orders.css";

export const adminHomeScreenQuery = graphql`
  query AdminHomeScreenQuery {
    ownerDashboard {
      orders {
        timeZone
        today {
          orderCount
          revenue {
            formatted
          }
        }
        week {
          orderCount
          revenue {
            formatted
          }
        }
      }
      lowStock {
        threshold
        totalCount
        variants {
          variantId
          productName
          sku
          attributes
          qtyInStock
        }
      }
      biggestWaitlists {
        variantId
        productName
        sku
        received
      }
      recentSubmissions {
        id
        formName
        email
        createdAt
      }
    }
  }
`;

const text = adminMessages.dashboard;

/** Reads the home figures again (into the store the screen renders from). */
function useRefresh() {
  const environment = useRelayEnvironment();
  return useCallback(() => {
    fetchQuery(environment, adminHomeScreenQuery, {}, { fetchPolicy: "network-only" }).subscribe({});
  }, [environment]);
}

function LiveOrders() {
  useOwnerOrderActivity(useRefresh());
  return null;
}

function LiveStock() {
  useOwnerStockChanged(useRefresh());
  return null;
}

export default function AdminHomeScreen({ queryRef }: ScreenProps<AdminHomeScreenQuery>) {
  const { ownerDashboard: home } = usePreloadedQuery<AdminHomeScreenQuery>(adminHomeScreenQuery, queryRef);
  const viewer = useAdminViewer();
  const areas = viewer.navigation.filter((item) => item.href !== "/config");
  const nothing = !home.orders && !home.lowStock && !home.biggestWaitlists && !home.recentSubmissions;

  return (
    <section className="admin-page home-page">
      <h1>{adminMessages.welcome}</h1>
      {home.orders ? <LiveOrders /> : null}
      {home.lowStock ? <LiveStock /> : null}
      {nothing ? <p className="empty-state">{text.nothingToShow}</p> : null}
      <ul className="cards home-cards">
        {home.orders
          ? (
              [
                ["home-today", text.ordersToday, home.orders.today],
                ["home-week", text.ordersThisWeek, home.orders.week],
              ] as const
            ).map(([id, title, period]) => (
              <li key={id} className="card home-card" aria-labelledby={id}>
                <h2 id={id}>{title}</h2>
                <p className="home-figure">{text.orderCount(period.orderCount)}</p>
                <p>{text.revenue(period.revenue.formatted)}</p>
                <Link href="/config/orders">{text.viewOrders}</Link>
              </li>
            ))
          : null}
        {home.lowStock ? (
          <li className="card home-card" aria-labelledby="home-low-stock">
            <h2 id="home-low-stock">{text.lowStock}</h2>
            <p className="muted">{text.lowStockNote(home.lowStock.threshold)}</p>
            {home.lowStock.variants.length === 0 ? (
              <p>{text.lowStockNone}</p>
            ) : (
              <ul>
                {home.lowStock.variants.map((variant) => {
                  const options = Object.values((variant.attributes ?? {}) as Record<string, string>).join(" / ");
                  return (
                    <li key={variant.variantId}>
                      <span>
                        {variant.productName}
                        {options ? <span className="muted"> {options}</span> : null}
                      </span>
                      <span className={variant.qtyInStock === 0 ? "badge warn" : "badge"}>{text.left(variant.qtyInStock)}</span>
                    </li>
                  );
                })}
              </ul>
            )}
            {home.lowStock.totalCount > home.lowStock.variants.length ? (
              <p className="muted">{text.lowStockMore(home.lowStock.totalCount - home.lowStock.variants.length)}</p>
            ) : null}
            <Link href="/config/inventory">{text.viewInventory}</Link>
          </li>
        ) : null}
        {home.biggestWaitlists ? (
          <li className="card home-card" aria-labelledby="home-waitlists">
            <h2 id="home-waitlists">{text.waitlists}</h2>
            {home.biggestWaitlists.length === 0 ? (
              <p>{text.waitlistsNone}</p>
            ) : (
              <ul>
                {home.biggestWaitlists.map((group) => (
                  <li key={group.variantId}>
                    <span>
                      {group.productName}
                      <span className="muted"> {group.sku}</span>
                    </span>
                    <span className="badge">{text.waiting(group.received)}</span>
                  </li>
                ))}
              </ul>
            )}
            <Link href="/config/waitlists">{text.viewWaitlists}</Link>
          </li>
        ) : null}
        {home.recentSubmissions ? (
          <li className="card home-card" aria-labelledby="home-submissions">
            <h2 id="home-submissions">{text.submissions}</h2>
            {home.recentSubmissions.length === 0 ? (
              <p>{text.submissionsNone}</p>
            ) : (
              <ul>
                {home.recentSubmissions.map((submission) => (
                  <li key={submission.id}>
                    <span>
                      {submission.formName}
                      <span className="muted"> {submission.email ?? text.noEmail}</span>
                    </span>
                    <span className="muted">{formatDateTime(submission.createdAt as string)}</span>
                  </li>
                ))}
              </ul>
            )}
            <Link href="/config/forms">{text.viewForms}</Link>
          </li>
        ) : null}
      </ul>
      {home.orders ? <p className="home-note">{text.periodsNote(home.orders.timeZone)}</p> : null}
      {areas.length > 0 ? (
        <>
          <p>{adminMessages.homeIntro}</p>
          <ul className="cards">
            {areas.map((item) => (
              <li key={item.href} className="card">
                <Link href={item.href}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
