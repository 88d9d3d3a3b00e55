// The first owner's setup screen (/config/setup, issue 23): ours, the spec shows no admin screen.
export const adminSetupMessages = {
  setup: {
    heading: "Set up your store",
    intro: "Create the store's owner account and name your store. You can change the name, currency and country later in the settings.",
    email: "Your email",
    emailFixed: "The owner account's email, set by whoever made this link.",
    password: "Password",
    storeName: "Store name",
    currency: "Currency",
    country: "Country",
    countryHint: "Where your store is: first in the checkout's country list.",
    submit: "Create the store",
    submitting: "Creating…",
    signIn: "Sign in",
    noToken: "This page needs the setup link the server printed at start.",
  },
} as const;
