// Every text of the owner's admin (/config, client/admin/): a module of its own, so the storefront's
// bundle never carries them. The spec shows no admin screen, so these texts are ours; the spec's own
// messages (and the server's errors the admin shows) stay in messages.ts.
import { adminCatalogMessages } from "./admin-catalog.ts";
import { adminCatalogImportMessages } from "./admin-catalog-import.ts";
import { adminOrderMessages } from "./admin-orders.ts";
import { adminCustomerMessages } from "./admin-customers.ts";
import { adminOrderStatusLinkMessages } from "./admin-order-status-link.ts";
import { adminRestockMessages } from "./admin-restock.ts";
import { adminFormMessages } from "./admin-forms.ts";
import { adminIntegrationMessages } from "./admin-integrations.ts";
import { adminStoreMessages } from "./admin-store.ts";
import { adminSiteMessages } from "./admin-site.ts";
import { adminPlanMessages } from "./admin-plan.ts";
import { adminLanguageMessages } from "./admin-languages.ts";
import { adminSetupMessages } from "./admin-setup.ts";
import { adminGiftCardMessages } from "./admin-gift-cards.ts";

export const adminMessages = {
  // The shell: sign-in, navigation, no access, dialogs, paging (issue 9)
  title: "Sitecart admin",
  needsJavaScript: "The admin needs JavaScript. Please turn it on and reload the page.",
  signInHeading: "Sign in to manage your store",
  emailLabel: "Email",
  passwordLabel: "Password",
  rememberMe: "Keep me signed in for 30 days",
  signIn: "Sign in",
  signingIn: "Signing in…",
  signOut: "Sign out",
  signingOut: "Signing out…",
  noAccessHeading: "No access",
  noAccessMember: "This area is for the site's owners and contributors. Your account can't open it.",
  noAccessRole: "Your role can't open this screen. Ask the site's administrator if you need it.",
  signInAsSomeoneElse: "Sign in with another account",
  backToShop: "Back to the shop",
  backToHome: "Back to the admin home",
  goToHome: "go to the admin home",
  navigation: "Admin",
  menu: "Menu",
  home: "Home",
  welcome: "Welcome back",
  homeIntro: "Choose what to work on.",
  signedInAs: (email: string, role: string) => `${email} · ${role}`,
  viewShop: "View shop",
  skipToContent: "Skip to content",
  pageNotFound: "There is no admin screen at this address.",
  cancel: "Cancel",
  confirm: "Confirm",
  close: "Close",
  loadMore: "Show more",
  loadingMore: "Loading…",
  saved: "Saved.",
  formHasErrors: "Please correct the highlighted fields.",
  readOnly: "You can look but not change anything here.",
  // Settings: the email outbox (issue 9; the rest of the settings is issue 10)
  settings: "Settings",
  outboxHeading: "Email outbox",
  outboxIntro: "Every email the store sends: order confirmations, back-in-stock notices, form notifications. Failed ones can be sent again.",
  outboxStatusFilter: "Status",
  outboxAllStatuses: "All emails",
  outboxStatusNames: { PENDING: "Waiting to send", SENT: "Sent", RECORDED: "Recorded (test mode)", FAILED: "Failed" } as Readonly<Record<string, string>>,
  outboxEmpty: "No emails here yet.",
  outboxTo: "To",
  outboxSubject: "Subject",
  outboxStatus: "Status",
  outboxAttempts: "Tries",
  outboxCreated: "Created",
  outboxLastError: "Last error",
  outboxNextTry: (when: string) => `Next try ${when}`,
  outboxSendAgain: "Send again",
  outboxSendingAgain: "Sending…",
  outboxSentAgain: "Queued to send again.",
  ...adminCatalogMessages,
  ...adminCatalogImportMessages,
  ...adminOrderMessages,
  ...adminCustomerMessages,
  ...adminOrderStatusLinkMessages,
  ...adminRestockMessages,
  ...adminFormMessages,
  ...adminIntegrationMessages,
  ...adminStoreMessages,
  ...adminSiteMessages,
  ...adminSetupMessages,
  ...adminPlanMessages,
  ...adminLanguageMessages,
  ...adminGiftCardMessages,
  // The analytics screen (issue 11): its navigation entry here; the screen's own texts load with it
  // (analytics-messages.ts), so the admin's first bundle does not carry them.
  analyticsHeading: "Analytics",
} as const;
