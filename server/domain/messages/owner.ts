// Texts only owners read: the owner API's refusals (settings, orders, templates, products and images,
// waitlists and exports, API keys, store settings, site and people). A module of its own so the
// storefront's bundle, which carries messages.ts, does not carry them (issue 9: the product page stays
// under 150 KB). The admin shows them as the server sends them.
export const ownerMessages = {
  // ours: owner settings
  namespaceInvalid: "A preferences namespace is 1 to 64 letters, digits, dots, dashes or underscores.", // ours
  preferencesNotObject: "Preferences must be a JSON object.", // ours
  headerFooterInvalid: "header and footer must be JSON objects.", // ours
  languagesInvalid: "languages must be a list of locales such as en-US.", // ours
  navigationInvalid: "The navigation is not valid.", // ours
  navigationItemTarget: "A navigation item links to exactly one of a collection, an external link or a member area.", // ours
  navigationTooDeep: (max: number) => `Navigation items nest at most ${max} levels deep.`, // ours
  navigationTooLarge: (max: number) => `A navigation holds at most ${max} items.`, // ours
  collectionNotFound: "That collection could not be found.", // ours
  outboxEmailNotFound: "That email could not be found.", // ours
  outboxEmailNotFailed: "Only an email that could not be delivered can be sent again.", // ours
  // ours: owners' orders (issue 9). An order's state as a word, and a move the transition table refuses.
  orderNotFound: "That order could not be found.", // ours
  customerNotFound: "That customer could not be found.", // ours
  orderHasNoEmail: "This order has no email address to send a link to.", // ours
  orderStates: { PLACED: "placed", FULFILLED: "fulfilled", CANCELLED: "cancelled", REFUNDED: "refunded" }, // ours
  orderMoveRefused: (from: string, to: string) => `This order is ${from} and cannot be ${to}.`, // ours
  categoryInvalid: "A category needs a display name, a type (ROOT or CATEGORY) and a page rendering (LIST_VIEW or GRID_VIEW).", // ours
  rootCategoryParent: "A root category has no parent category.", // ours
  storeTitleRequired: "A store needs a title.", // ours
  productSlugTaken: "Another product already uses that URL.", // ours
  productSlugInvalid: "A product URL needs at least one letter or digit.", // ours
  productCategoryInvalid: "Categories are a list of at most 50 category ids.", // ours
  productCategoryNotOnStorePage: "A product can only be listed under categories of its store page.", // ours
  skuTaken: "Another variant of this product already uses that SKU.", // ours
  formKeyTaken: "Another form already uses that key.", // ours
  formDefinitionInvalid: (problem: string) => `The form is not valid: ${problem}`, // ours
  priceInvalid: "Prices are whole numbers of minor units from 0 to 100000000.", // ours
  stockInvalid: "Stock is a whole number from 0 to 1000000.", // ours
  // ours: owners' templates (issue 3)
  templateNameInvalid: (maxLength: number) => `A template name is 1 to ${maxLength} lower-case letters, digits and dashes, starting with a letter.`, // ours
  templateTooLarge: (maxChars: number) => `A template is at most ${maxChars} characters.`, // ours
  templateNotFound: (name: string) => `There is no template named "${name}".`, // ours
  templateVersionNotFound: (name: string, version: number) => `Template "${name}" has no version ${version}.`, // ours
  renderingTooLong: (maxOutput: number) => `Rendering stopped: the output passed ${maxOutput} characters.`, // ours
  renderingTooSlow: (timeLabel: string) => `Rendering stopped: it took longer than ${timeLabel}.`, // ours
  renderingTimeLimit: "the time limit", // ours
  unknownLocale: (tag: string) => `Unknown locale "${tag}": use a BCP-47 tag such as en-US, fr-FR or de-DE.`, // ours
  websiteMissing: (websiteId: string) => `Website ${websiteId} does not exist. Run \`npm run seed\` to create the demo store.`, // ours
  // ours: renderTemplate's input limits (docs/template.md)
  renderTemplateTooLarge: (maxChars: number) => `The template is longer than ${maxChars} characters.`, // ours
  renderDataTooLarge: (maxChars: number) => `The data is larger than ${maxChars} characters of JSON.`, // ours
  renderPartialsTooMany: (max: number) => `Give at most ${max} partials.`, // ours
  renderPartialsTooLarge: (maxChars: number) => `The partials are longer than ${maxChars} characters together.`, // ours
  renderPartialNotText: "Each partial is the source text of a template.", // ours
  renderLocaleUnknown: "That is not a locale we have data for (try en-US, fr-FR or de-DE).", // ours
  previewPathInvalid: (maxLength: number) => `A storefront path starts with a single / and is at most ${maxLength} characters (e.g. /shop/p/linen-shirt).`, // ours
  // ---- ours: owner products and inventory (issue 9, screens 2 and 3) ----
  pageCursorInvalid: "That page cursor belongs to another list or ordering: start again from the first page.", // ours
  /** Spec §5 Subscriptions, as a refusal. */
  billingPeriodInvalid: "The billing period is a whole number from 1 to 52 of weeks, months or years.", // ours
  billingCyclesInvalid: "Billing cycles are a whole number from 0 (indefinite) to 999.", // ours
  scarcityThresholdInvalid: "The scarcity threshold is a whole number from 1 to 1000.", // ours
  // admin: product images (issue 9)
  imageTypeRefused: "Only JPEG, PNG, WebP and GIF images can be uploaded.", // ours
  imageTooLarge: (maxBytes: number) => `The image is too large: at most ${Number((maxBytes / (1024 * 1024)).toFixed(2))} MB.`, // ours
  imageTooManyPixels: (maxPixels: number) => `The image has too many pixels: at most ${maxPixels / 1_000_000} megapixels.`, // ours
  imageUnreadable: "The image could not be read. It may be damaged.", // ours
  imageMissing: "Choose an image to upload.", // ours
  imageTooMany: (max: number) => `A product can have at most ${max} images.`, // ours
  imageNotFound: "That image could not be found.", // ours
  imageAltTextTooLong: "Alt text can be at most 250 characters.", // ours
  imageOrderInvalid: "List every image of the product exactly once.", // ours
  // ours: owner admin, waitlists, forms and submissions, mailing lists (issue 9, screens 5-7)
  mailingListNotFound: "That mailing list could not be found.", // ours
  /** Column headings of the CSV exports (docs/forms.md "Exports"). */
  csvColumns: {
    submitted: "Submitted",
    pagePath: "Page",
    pageTitle: "Page title",
    submissionId: "Submission id",
    email: "Email",
    status: "Status",
    signedUp: "Signed up",
    confirmed: "Confirmed",
    consentLevel: "Consent",
    consentSource: "Consent source",
    consentGiven: "Consent given",
    consentPage: "Consent page",
    consentPageTitle: "Consent page title",
    consentText: "Consent text",
  }, // ours
  // ours: API keys and marketing hooks (issue 10 items 6 and 7)
  apiKeyNameRequired: "Please name the key.", // ours
  apiKeyNameTooLong: (max: number) => `A key's name can be at most ${max} characters.`, // ours
  apiKeyScopesRequired: "Choose at least one permission for the key.", // ours
  apiKeyScopeUnknown: "One of the permissions does not exist.", // ours
  apiKeyScopeNotHeld: "A key can only have permissions your role holds (and never the management of keys).", // ours
  apiKeyExpiryPast: "The expiry date must be in the future.", // ours
  apiKeyExpiryTooFar: (days: number) => `A key can last at most ${days} days.`, // ours
  apiKeyNotFound: "That API key could not be found.", // ours
  apiKeyInvalid: "The API key is not valid: it is mistyped, or it was revoked.", // ours
  apiKeyExpired: "The API key has expired. Ask the site owner for a new one.", // ours
  apiKeyMalformedHeader: "The Authorization header must be 'Bearer <API key>'.", // ours
  pixelIdInvalid: "A pixel ID is 5 to 20 digits.", // ours
  feedRegenerateUnconfirmed: "Set confirm to true: the old feed URLs stop working.", // ours
  // Privacy & tracking settings (issue 11)
  cookiePolicyInvalid: "Choose a cookie policy: permissive or restrictive.", // ours
  retentionDaysInvalid: (min: number, max: number) => `Keep events between ${min} and ${max} days (a whole number).`, // ours
  // Store settings (issue 10 §2): the owner's field errors (ours)
  storeCurrencyUnsupported: "Choose one of the supported currencies.", // ours
  storeAmountInvalid: "Enter an amount of 0 or more.", // ours
  storePayLaterMaximumTooLow: "The maximum must be above the minimum.", // ours
  storeCountryUnsupported: "Choose one of the listed countries.", // ours
  storePayLaterCountryUnsupported:
    "Pay later is offered to stores in the United States and its territories, Canada, Australia, New Zealand and the United Kingdom: turn it off or choose one of them.", // ours
  storeRegionInvalid: "Enter a region code, such as NY.", // ours
  storeRateInvalid: "Enter a percentage from 0 to 100.", // ours
  storeCouponCodeInvalid: "Use up to 50 letters, digits, dashes or underscores.", // ours
  storeCouponCodeTaken: "Another coupon already uses that code.", // ours
  storeCouponEndsBeforeStart: "The end must be after the start.", // ours
  storeUsageLimitInvalid: "Enter a whole number of 1 or more, or leave it empty.", // ours
  storeTaxRuleNotFound: "That tax rule could not be found.", // ours
  storeCouponNotFound: "That coupon could not be found.", // ours
  storeZonesMismatch: "The list must name every shipping zone once.", // ours
  // issue 10 (site header, footer, navigation; people)
  lastAdmin: "The last admin cannot be removed or given another role.", // ours
  contributorNotFound: "That contributor could not be found.", // ours
  alreadyContributor: "That address already belongs to a contributor.", // ours
  roleInvalid: "Choose one of the roles.", // ours
  inviteEmailInvalid: "Enter a valid email address.", // ours
  invitationInvalid: "This invitation link is not valid or has expired. Ask for a new invitation.", // ours
  invitationPasswordTooShort: (min: number) => `Choose a password of at least ${min} characters.`, // ours
  invitationNotFound: "That invitation could not be found.", // ours
  invitationSubject: (siteTitle: string) => `You are invited to help run ${siteTitle}`, // ours
  invitationBody: (siteTitle: string, roleName: string, link: string, days: number) =>
    `You have been invited to ${siteTitle} as ${roleName}.\n\nSet your password and accept the invitation here (the link works for ${days} days):\n${link}\n\nIf you did not expect this email, ignore it.`, // ours
  // Owner-only texts moved out of messages.ts: translations, stock edits, the editor's (platform-support §8)
  mainNavigationMissing: "Unable to find site main navigation",
  recaptchaNotSetUp: "ReCaptcha has not been set up!",
  noMailingLists: "You don't have any mailing lists. Please create one before continuing",
  listNotSelected: "A List must be selected",
  /** platform-support §5 'This {tagType} already exists' */
  alreadyExists: (tagType: string) => `This ${tagType} already exists`,
  /** platform-support §5 '{val} is not a valid page URL' */
  notValidPageUrl: (value: string) => `${value} is not a valid page URL`,
  translationLanguageNotOffered: "Choose one of the site's languages other than its default.", // ours
  translationNameRequired: "A translation needs a name.", // ours
  translationTooLong: "The name may have up to 200 characters and the description up to 20,000.", // ours
  /** An option value translation for a value the product does not have (issue 23 part 6). */
  translationUnknownOptionValue: (optionName: string, value: string) => `This product has no option value ${optionName}: ${value}.`, // ours
  translationOptionValueTooLong: "A translated option value may have up to 100 characters.", // ours
  /** A stock edit refused because checkouts (or another owner) changed the stock since it was read. */
  stockChanged: (current: number | null) =>
    current === null
      ? "The stock changed since you loaded it: it is now unlimited. Check it and save again."
      : `The stock changed since you loaded it: ${current} left now. Check it and save again.`, // ours
  // ours: the analytics screen (issue 11): date ranges the owner may ask for, the CSV export's headings
  analyticsRangeDay: "Dates are written YYYY-MM-DD (e.g. 2026-03-31).", // ours
  analyticsRangeCustom: "A custom range needs a start and an end date.", // ours
  analyticsRangeOrder: "The start date must be on or before the end date.", // ours
  analyticsRangeFuture: "The end date cannot be after today.", // ours
  analyticsRangeTooLong: (max: number) => `A range can be at most ${max} days long.`, // ours
  analyticsCsvColumns: {
    day: "Date",
    visits: "Visits",
    visitors: "Visitors",
    pageViews: "Page views",
    productViewSessions: "Product view sessions",
    addToCartSessions: "Add-to-cart sessions",
    checkoutSessions: "Checkout sessions",
    orderSessions: "Order sessions",
    orders: "Orders",
    revenue: "Revenue",
    averageOrderValue: "Average order value",
    currency: "Currency",
    formViews: "Form views",
    formSubmissions: "Form submissions",
  }, // ours
} as const;
