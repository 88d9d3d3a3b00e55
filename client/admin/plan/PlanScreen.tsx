// The site's plan (issue 21), where the upgrade links lead unless the operator has billing pages of
// their own (BILLING_UPGRADE_URL, BILLING_SUBSCRIPTIONS_URL): the plan's status, whether the store is
// open, the days left, what each plan state means, and how to reach the operator to change it.
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { PAST_DUE_GRACE_DAYS, TRIAL_DAYS } from "../../../server/domain/site/site-status.ts";
import { BILLING_PATHS } from "../../../server/domain/site/billing-links.ts";
import type { PlanScreenQuery as Query, SiteStatus } from "../../__generated__/PlanScreenQuery.graphql.ts";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { PlanLink } from "./PlanLink.tsx";
import "./plan.css";

const text = adminMessages.plan;

/** The states an owner can meet, in the order a store goes through them. */
const MEANINGS: [string, string][] = [
  [text.statusNames.trial, text.meanings.trial(TRIAL_DAYS)],
  [text.statusNames.paid, text.meanings.paid],
  [text.statusNames.comped, text.meanings.comped],
  [text.statusNames.internal, text.meanings.internal],
  [text.statusNames.beta, text.meanings.beta],
  [text.statusNames.pastDue, text.meanings.pastDue(PAST_DUE_GRACE_DAYS)],
  [text.statusNames.expired, text.meanings.expired],
];

const STATUS_KEYS: Record<string, string> = { PAST_DUE: "pastDue" };
const statusName = (status: SiteStatus | null | undefined) =>
  status ? (text.statusNames[STATUS_KEYS[status] ?? status.toLowerCase()] ?? status) : text.unknownStatus;

export default function PlanScreen({ queryRef }: ScreenProps<Query>) {
  const { sitePlan } = usePreloadedQuery<Query>(
    graphql`
      query PlanScreenQuery {
        sitePlan {
          status
          takesOrders
          upgradeUrl
          contact
          contactUrl
          notice {
            kind
            daysLeft
            graceDaysLeft
          }
        }
      }
    `,
    queryRef,
  );
  const { location } = useRouter();
  const upgrade = location.split("?")[0] === BILLING_PATHS.upgrade;
  if (!sitePlan) return null;
  const daysLeft = sitePlan.notice?.daysLeft ?? sitePlan.notice?.graceDaysLeft ?? null;
  // The default links open this screen: a link to itself would lead nowhere new.
  const ownBillingPage = sitePlan.upgradeUrl === BILLING_PATHS.upgrade || sitePlan.upgradeUrl === BILLING_PATHS.subscriptions;
  return (
    <section className="admin-page plan-screen">
      <h1>{upgrade ? text.upgradeHeading : text.heading}</h1>
      <dl className="plan-facts">
        <div>
          <dt>{text.statusLabel}</dt>
          <dd>{statusName(sitePlan.status)}</dd>
        </div>
        <div>
          <dt>{text.storeLabel}</dt>
          <dd className={sitePlan.takesOrders ? "plan-open" : "plan-closed"}>{sitePlan.takesOrders ? text.open : text.closed}</dd>
        </div>
        {daysLeft !== null && (
          <div>
            <dt>{text.daysLeftLabel}</dt>
            <dd>{daysLeft}</dd>
          </div>
        )}
      </dl>
      <h2>{text.changeHeading}</h2>
      {sitePlan.contact && sitePlan.contactUrl ? (
        <p>
          {text.contactIntro} <a href={sitePlan.contactUrl}>{sitePlan.contact}</a>
        </p>
      ) : (
        <p>{text.contactUnknown}</p>
      )}
      {!ownBillingPage && (
        <p>
          <PlanLink href={sitePlan.upgradeUrl} className="button primary">
            {text.goToBilling}
          </PlanLink>
        </p>
      )}
      <h2>{text.meaningsHeading}</h2>
      <dl className="plan-meanings">
        {MEANINGS.map(([name, meaning]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
