// The owner operations of the store's emails (issue 24): the branding and the preview (page type 301)
// with "Send me a test", under the store settings' permissions.
import { graphql, next, type Operation, store } from "../owner-operations-setup.ts";

export const emailsOperations: Operation[] = [
  { name: "query emailBranding", permission: "commerce.read", run: (c) => graphql(c, "{ emailBranding { storeName accentColor } }") },
  { name: "query emailPreviews", permission: "commerce.read", run: (c) => graphql(c, "{ emailPreviews { kind subject } }") },
  {
    name: "mutation updateEmailBranding",
    permission: "commerce.write",
    run: (c) => graphql(c, `mutation { updateEmailBranding(input: { storeName: "Branded ${next()}" }) { __typename } }`),
    probe: () => store.db.emailBranding.findMany({ select: { storeName: true } }),
  },
  {
    name: "mutation sendTestEmail",
    permission: "commerce.write",
    run: (c) => graphql(c, "mutation { sendTestEmail(input: { kind: PASSWORD_RESET }) { __typename } }"),
    probe: () => store.db.outboxEmail.count({ where: { dedupeKey: { startsWith: "email-test:" } } }),
  },
  // Abandoned checkout reminders (issue 24 part 4): the setting and its figures
  { name: "query abandonedCheckouts", permission: "commerce.read", run: (c) => graphql(c, "{ abandonedCheckouts { enabled reminded recovered } }") },
  {
    name: "mutation updateAbandonedCheckoutSettings",
    permission: "commerce.write",
    run: (c) => graphql(c, `mutation { updateAbandonedCheckoutSettings(input: { enabled: true, delayMinutes: ${15 + next()} }) { __typename } }`),
    probe: () => store.db.abandonedCheckoutSettings.findMany({ select: { enabled: true, delayMinutes: true } }),
  },
];
