// The site's plan for its contributors (issue 21): the admin's banner on every screen and its plan
// screen read it. Every signed-in contributor may read it, whatever their role; anyone else gets null
// rather than an error, so the admin's first query (which also asks who is signed in) can carry it.
import { SITE_STATUS, type SiteNotice, type SiteStatusName } from "../domain/site/site-status.ts";
import type { SitePlanView } from "../services/site/site-plan.ts";
import { builder } from "./builder.ts";

const screaming = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

const SiteStatusEnum = builder.enumType("SiteStatus", {
  description: "The site's plan status (platform-support: expired 1, past due 2, trial 3, beta 4, removed 5, internal 6, comped 7, paid 8).",
  values: Object.fromEntries((Object.keys(SITE_STATUS) as SiteStatusName[]).map((name) => [screaming(name), { value: name }])) as Record<
    string,
    { value: SiteStatusName }
  >,
});

const SiteNoticeKindEnum = builder.enumType("SitePlanNoticeKind", {
  description: "TRIAL: days left of the trial; PAST_DUE: the store sells for graceDaysLeft more days; EXPIRED: the store is closed to visitors.",
  values: { TRIAL: { value: "trial" }, PAST_DUE: { value: "pastDue" }, EXPIRED: { value: "expired" } } as const,
});

const SiteNoticeRef = builder.objectRef<SiteNotice>("SitePlanNotice").implement({
  description: "What the admin's banner tells the owner; none for an open plan (paid, comped, internal, beta).",
  fields: (t) => ({
    kind: t.field({ type: SiteNoticeKindEnum, resolve: (notice) => notice.kind }),
    daysLeft: t.int({
      nullable: true,
      description: "TRIAL: whole days left, rounded up.",
      resolve: (notice) => (notice.kind === "trial" ? notice.daysLeft : null),
    }),
    graceDaysLeft: t.int({
      nullable: true,
      description: "PAST_DUE: whole days the store keeps selling, rounded up.",
      resolve: (notice) => (notice.kind === "pastDue" ? notice.graceDaysLeft : null),
    }),
  }),
});

const SitePlanRef = builder.objectRef<SitePlanView>("SitePlan").implement({
  fields: (t) => ({
    status: t.field({
      type: SiteStatusEnum,
      nullable: true,
      description: "null: a status outside the spec's list, treated as expired.",
      resolve: (plan) => plan.status,
    }),
    notice: t.field({ type: SiteNoticeRef, nullable: true, resolve: (plan) => plan.notice }),
    takesOrders: t.boolean({ description: "Whether checkout is open now.", resolve: (plan) => plan.checkout }),
    upgradeUrl: t.string({
      description: "A site on a trial: the trial upgrade link; any other: the plan link (BILLING_UPGRADE_URL, BILLING_SUBSCRIPTIONS_URL).",
      resolve: (plan) => plan.upgradeUrl,
    }),
    contact: t.string({
      nullable: true,
      description: "How to reach the operator about the plan (BILLING_CONTACT).",
      resolve: (plan) => plan.contact?.text ?? null,
    }),
    contactUrl: t.string({
      nullable: true,
      description: "The contact as a link (mailto: for an email address).",
      resolve: (plan) => plan.contact?.href ?? null,
    }),
  }),
});

builder.queryField("sitePlan", (t) =>
  t.field({
    type: SitePlanRef,
    nullable: true,
    description: "The site's plan, for its signed-in contributors (any role); null for anyone else.",
    resolve: (_root, _args, ctx) => (ctx.viewer.signedIn && ctx.viewer.role !== null ? ctx.services.plan.view() : null),
  }),
);
