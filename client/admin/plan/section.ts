// The plan area of the admin (issue 21): the plan screen at both billing paths of platform-support §2
// (the trial upgrade path and the website subscriptions path), which the upgrade links open unless
// the operator sets billing pages of their own. Every contributor may open it, whatever their role.
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { BILLING_PATHS } from "../../../server/domain/site/billing-links.ts";
import PlanScreenQuery from "../../__generated__/PlanScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

const text = adminMessages.plan;
const screen = lazy(() => import("./PlanScreen.tsx"));

/** The plan's own address; its navigation entry stays current on both billing paths below it. */
const PLAN_PATH = "/config/settings/billing";

export const planSection: AdminSection = {
  nav: [{ label: text.navLabel, href: PLAN_PATH }],
  routes: [
    queryRoute({ path: PLAN_PATH, screen, query: PlanScreenQuery, title: text.heading }),
    queryRoute({ path: BILLING_PATHS.subscriptions, screen, query: PlanScreenQuery, title: text.heading }),
    queryRoute({ path: BILLING_PATHS.upgrade, screen, query: PlanScreenQuery, title: text.upgradeHeading }),
  ],
};
