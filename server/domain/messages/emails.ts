// The store's emails (issue 24): the owner's branding screen, its refusals, and the preview (page
// type 301). The emails' own sentences stay with their features (checkout, members, storefront).
export const emailMessages = {
  storeNameTooLong: (max: number) => `Enter a store name of at most ${max} characters.`,
  logoUrlInvalid: "Enter a logo address starting with https://, or upload an image.",
  accentColorInvalid: "Enter the accent colour as # and six hexadecimal digits, for example #1f6feb.",
  replyToInvalid: "Enter a valid reply-to email address.",
  footerTooLong: (max: number) => `Keep the footer to ${max} characters or fewer.`,
  ownerEmailMissing: "Your account has no email address to send the test to.",
  testSubject: (subject: string) => `[Test] ${subject}`,
  testSent: (email: string) => `A test was sent to ${email}.`,
  // The admin screen
  title: "Emails",
  brandingTitle: "Branding",
  brandingHelp: "Every email the store sends carries these.",
  storeName: "Store name",
  storeNameHelp: "Leave empty to use the site's title.",
  logoUrl: "Logo address",
  accentColor: "Accent colour",
  accentColorPicker: "Pick the accent colour",
  replyTo: "Reply-to address",
  footerText: "Footer",
  save: "Save",
  saved: "Saved.",
  previewTitle: "Preview",
  htmlPart: "HTML",
  textPart: "Text",
  sendTest: "Send me a test",
  sending: "Sending…",
  kindNames: {
    ORDER_CONFIRMATION: "Order confirmation",
    PASSWORD_RESET: "Password reset",
    NEWSLETTER_CONFIRM: "Newsletter confirmation",
    RESTOCK: "Back in stock",
    GIFT_CARD: "Gift card",
  },
  // What a branded email says at its foot when the owner wrote no footer.
  defaultFooter: (store: string) => `You received this email from ${store}.`,
};
