// The owner operations over GraphQL: privacy & tracking settings and the analytics (issue 11). Each
// with the permission docs/permissions.md gives it and the state it would change.
import { graphql, next, type Operation, store } from "../owner-operations-setup.ts";
import { firstValueOutcome } from "./subscription-outcomes.ts";

export const analyticsOperations: Operation[] = [
  {
    name: "query analyticsSettings",
    permission: "site.settings",
    run: (c) => graphql(c, "{ analyticsSettings { cookieBannerEnabled cookiePolicy retentionDays } }"),
  },
  {
    name: "mutation updateAnalyticsSettings",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateAnalyticsSettings(input: { retentionDays: ${100 + (next() % 900)} }) { __typename } }`),
    probe: () => store.db.analyticsSettings.findMany(),
  },
  {
    name: "query ownerAnalytics",
    permission: "analytics.read",
    run: (c) =>
      graphql(
        c,
        "{ ownerAnalytics(range: { preset: LAST_7_DAYS }) { range { days } totals { visits uniqueVisitors } changes { visits } days { day } topProducts { productId } forms { formKey } waitlistDemand { total } activeVisitors } }",
      ),
  },
  {
    name: "subscription ownerActiveVisitors",
    permission: "analytics.read",
    run: (c) => firstValueOutcome(c, "subscription { ownerActiveVisitors }"),
  },
];
