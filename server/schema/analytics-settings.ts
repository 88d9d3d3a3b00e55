// The owner's privacy and tracking settings over GraphQL (issue 11): read and change them with
// `site.settings` (docs/permissions.md); and what the storefront learns with each page
// (`StorefrontPage.tracking`, on the query every page already makes: no extra round trip).
import { InvalidInputError } from "../domain/errors.ts";
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, cookiePolicyInput, retentionDaysInput } from "../domain/analytics/analytics-settings.ts";
import type { CookiePolicy } from "../domain/analytics/tracking-rules.ts";
import type { AnalyticsSettingsView, StorefrontTracking } from "../services/analytics/analytics-settings.ts";
import { sessionTokenFrom } from "../http/cookies.ts";
import { builder } from "./builder.ts";
import { StorefrontPageRef } from "./storefront.ts";

const AnalyticsSettingsRef = builder.objectRef<AnalyticsSettingsView>("AnalyticsSettings").implement({
  description: "The owner's privacy and tracking settings.",
  authScopes: { permission: "site.settings" },
  fields: (t) => ({
    cookieBannerEnabled: t.exposeBoolean("cookieBannerEnabled", { description: "The storefront asks visitors for consent to tracking cookies." }),
    cookiePolicy: t.exposeString("cookiePolicy", {
      description: "permissive: visitors are tracked unless they decline; restrictive: nothing is tracked or stored before consent.",
    }),
    retentionDays: t.exposeInt("retentionDays", { description: "How many days raw analytics events are kept." }),
    retentionDaysMin: t.int({ resolve: () => RETENTION_DAYS_MIN }),
    retentionDaysMax: t.int({ resolve: () => RETENTION_DAYS_MAX }),
  }),
});

const StorefrontTrackingRef = builder.objectRef<StorefrontTracking>("StorefrontTracking").implement({
  description: 'Whether and how the storefront tracks this viewer on this page (docs/client.md "Tracking").',
  fields: (t) => ({
    cookiePolicy: t.exposeString("cookiePolicy"),
    bannerEnabled: t.exposeBoolean("bannerEnabled", { description: "Show the consent banner (to visitors who have not answered it)." }),
    pixelId: t.exposeString("pixelId", { nullable: true, description: "The owner's ads pixel: purchases are reported to it too." }),
    websiteId: t.exposeString("websiteId"),
  }),
});

builder.objectField(StorefrontPageRef, "tracking", (t) =>
  t.field({
    type: StorefrontTrackingRef,
    nullable: true,
    description:
      "How the storefront tracks this viewer here; null when it does not (TRACKING_DISABLED, signed-in contributors other than viewer-only accounts).",
    // The session cookie alone tells a signed-in contributor here (as for documents): the storefront
    // does not send the admin's xsrf token, and the answer only ever turns tracking off.
    resolve: async (page, _args, ctx) => {
      const role = ctx.viewer.signedIn ? ctx.viewer.role : (await ctx.services.sessions.documentViewer(sessionTokenFrom(ctx.cookieHeader))).role;
      return ctx.services.analyticsSettings.forRequest(role, page.path);
    },
  }),
);

builder.queryField("analyticsSettings", (t) =>
  t.withAuth({ permission: "site.settings" }).field({
    type: AnalyticsSettingsRef,
    description: "Owners: the consent banner, the cookie policy and the retention period of raw events.",
    resolve: (_root, _args, ctx) => ctx.services.analyticsSettings.get(),
  }),
);

const UpdateAnalyticsSettingsInput = builder.inputType("UpdateAnalyticsSettingsInput", {
  fields: (t) => ({
    cookieBannerEnabled: t.boolean({ description: "Absent: unchanged." }),
    cookiePolicy: t.string({ description: "permissive or restrictive; absent: unchanged.", validate: cookiePolicyInput }),
    retentionDays: t.int({ description: `${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}; absent: unchanged.`, validate: retentionDaysInput }),
  }),
});

const UpdateAnalyticsSettingsSuccess = builder.objectRef<AnalyticsSettingsView>("UpdateAnalyticsSettingsSuccess").implement({
  fields: (t) => ({ analyticsSettings: t.field({ type: AnalyticsSettingsRef, resolve: (view) => view }) }),
});

builder.mutationField("updateAnalyticsSettings", (t) =>
  t.withAuth({ permission: "site.settings" }).field({
    type: UpdateAnalyticsSettingsSuccess,
    description: "Owners: changes the consent banner, the cookie policy or the retention period; storefront pages follow at once.",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdateAnalyticsSettingsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.services.analyticsSettings.update({
        ...(input.cookieBannerEnabled == null ? {} : { cookieBannerEnabled: input.cookieBannerEnabled }),
        ...(input.cookiePolicy == null ? {} : { cookiePolicy: input.cookiePolicy as CookiePolicy }),
        ...(input.retentionDays == null ? {} : { retentionDays: input.retentionDays }),
      }),
  }),
);
