// The plan's banner at the top of every admin screen (issue 21): a trial's days left and its upgrade
// link, a past-due plan's warning with the plan link and how long the store keeps selling, an expired
// plan's closed store and how to re-activate it. An open plan (paid, comped, internal, beta) shows none.
import { graphql, useFragment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { SitePlanBanner_query$key } from "../../__generated__/SitePlanBanner_query.graphql.ts";
import { useRouter } from "../../shared/router/Router.tsx";
import { PlanLink } from "./PlanLink.tsx";
import "./plan.css";

const text = adminMessages.plan;

export function SitePlanBanner({ query }: { query: SitePlanBanner_query$key }) {
  const { sitePlan } = useFragment(
    graphql`
      fragment SitePlanBanner_query on Query {
        sitePlan {
          upgradeUrl
          notice {
            kind
            daysLeft
            graceDaysLeft
          }
        }
      }
    `,
    query,
  );
  const { location } = useRouter();
  const notice = sitePlan?.notice;
  if (!sitePlan || !notice) return null;
  // On the page the link opens, the link would lead nowhere new.
  const onLinkedPage = location.split("?")[0] === sitePlan.upgradeUrl;
  const [message, action, tone] =
    notice.kind === "TRIAL"
      ? [text.trialBanner(notice.daysLeft ?? 0), text.trialAction, "info"]
      : notice.kind === "PAST_DUE"
        ? [text.pastDueBanner(notice.graceDaysLeft ?? 0), text.pastDueAction, "warning"]
        : [text.expiredBanner, text.expiredAction, "closed"];
  return (
    <aside className={`plan-banner plan-banner-${tone}`} aria-label={text.bannerLabel}>
      <p>{message}</p>
      {!onLinkedPage && (
        <PlanLink href={sitePlan.upgradeUrl} className="button plan-banner-action">
          {action}
        </PlanLink>
      )}
    </aside>
  );
}
