// The storefront's member screens' own texts (sign-up, password reset, account, order status, lock
// screens, unsubscribe; issue 12): a module of their own, loaded with those screens, so the product
// page's bundle does not carry them. Texts every page shows (sign in, account, page titles) stay in messages.ts.
export const memberMessages = {
  emailLabel: "Email", // ours
  passwordLabel: "Password", // ours
  newPasswordLabel: "New password", // ours
  rememberMeLabel: "Keep me signed in", // ours
  signingIn: "Signing in…", // ours
  signingUp: "Creating your account…", // ours
  noAccountYet: "New here?", // ours
  createAccount: "Create an account", // ours
  haveAccount: "Already a member?", // ours
  forgotPassword: "Forgot your password?", // ours
  signedInAs: (email: string) => `Signed in as ${email}`, // ours
  memberEmailTaken: "An account with this email already exists. Sign in, or reset your password.", // ours
  passwordTooShort: (min: number) => `Your password must be at least ${min} characters long.`, // ours
  passwordTooLong: "Your password is too long.", // ours
  forgotPasswordLead: "Enter the email address of your account and we will send you a link to set a new password.", // ours
  sendResetLink: "Send the link", // ours
  passwordResetRequested: "If an account uses this address, we have sent it a link to set a new password. The link works for one hour.", // ours
  passwordResetSubject: "Set a new password", // ours
  passwordResetBody: (link: string) =>
    `Someone asked to set a new password for your account. To choose one, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`, // ours
  setNewPassword: "Set the new password", // ours
  passwordResetInvalid: "This link to set a new password has expired or was already used. Please ask for a new one.", // ours
  passwordResetDone: "Your password is changed. Please sign in with it.", // ours
  yourOrders: "Your orders", // ours
  yourSubscriptions: "Your subscriptions", // ours
  noOrdersYet: "You have not ordered anything yet.", // ours
  noSubscriptionsYet: "You have no subscriptions.", // ours
  orderNumber: (n: number) => `Order #${n}`, // ours
  memberOrderStates: { PLACED: "Placed", FULFILLED: "Fulfilled", CANCELLED: "Cancelled", REFUNDED: "Refunded" } as Readonly<Record<string, string>>, // ours
  orderNotYours: "We could not find this order in your account.", // ours
  backToAccount: "Back to your account", // ours
  // ours: the member's address book (/account/addresses, issue 23)
  noSavedAddressesYet: "You have no saved addresses yet.", // ours
  addAddress: "Add an address", // ours
  newAddressLegend: "New address", // ours
  editAddressLegend: "Edit address", // ours
  editAddress: (summary: string) => `Edit ${summary}`, // ours
  deleteAddress: (summary: string) => `Delete ${summary}`, // ours
  edit: "Edit", // ours
  delete: "Delete", // ours
  cancel: "Cancel", // ours
  saving: "Saving…", // ours
  deleteAddressQuestion: "Delete this address?", // ours
  savedAddressNotFound: "We could not find this address in your account.", // ours
  savedAddressLimit: (max: number) => `You can keep up to ${max} addresses. Delete one to add another.`, // ours
  newsletterUnsubscribeLead: (email: string, list: string) => `Stop sending ${list} to ${email}?`, // ours
  newsletterUnsubscribeButton: "Unsubscribe", // ours
  newsletterUnsubscribed: (list: string) => `You are unsubscribed from ${list}. You will get no more emails from it.`, // ours
  newsletterUnsubscribeInvalid: "This unsubscribe link is not valid.", // ours
  formBlockNoScript: "This form needs JavaScript: please turn it on to send it.", // ours
  lockScreenPageTitle: "This site is private", // ours (lock screen, page type 103)
  lockScreenLead: "Enter the site's password to continue.", // ours
  protectedPageTitle: "This page is protected", // ours (protected content, page type 105)
  protectedPageLead: "Enter the page's password to see it.", // ours
  unlock: "Enter", // ours
  unlocking: "Checking…", // ours
  pagePasswordWrong: "That password is not correct.", // ours
  pagePathInvalid: "A page path starts with / and names a page of this site (not the home page, the account pages or the API).", // ours
} as const;
