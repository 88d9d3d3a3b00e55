// The first owner's setup (issue 23): what the setup link, the setup form's server answers, `npm start`
// and `npm run owner` say. The spec has no first-owner flow: every text here is ours.
export const siteSetupMessages = {
  linkInvalid: "This setup link is not valid. Copy the whole link the server printed, or get a new one with npm run owner -- create <email>.",
  linkUsed: "This setup link was already used. Sign in instead.",
  linkExpired: "This setup link has expired. Restart the server or run npm run owner -- create <email> to get a new one.",
  ownerExists: "This store already has an owner. Sign in instead.",
  storeNameRequired: "Give the store a name of 1 to 200 characters.",
  /** The title of the empty store a production start makes, until its owner names it. */
  newStoreTitle: "New store",
  // npm start
  demoLoaded: "Loaded the demo store.",
  publishedPasswordsRetired: (count: number) =>
    `Replaced the published passwords of ${count} demo sign-in(s) with random ones nobody is told: they open nothing in production.`,
  demoSignIns: "Demo sign-ins:",
  demoHiddenPasswords: "Loaded the demo store; its sign-ins have random passwords that are never printed (SITECART_DEMO=on in production).",
  startSetupLink: (hours: number) => `This store has no owner yet. Create it with this one-time link (valid ${hours} hours; a restart prints a new one):`,
  // npm run owner
  ownerUsage: `usage: npm run owner -- create <email> [--site SITE]
SITE is a site's id, slug or one of its host names (default: SITECART_WEBSITE_ID).`,
  cliSetupLink: (email: string, hours: number) => `The one-time setup link for ${email}, the store's first owner (valid ${hours} hours):`,
  cliInvitation: (email: string, days: number) =>
    `The store has an owner already: ${email} is invited as admin instead. The invitation email (its link works ${days} days) goes out from the running server's outbox.`,
  // npm run seed
  seedRefused: (websiteId: string, reason: string) =>
    `Refusing to reset ${websiteId}: it has ${reason}. Run npm run seed -- --force to replace it with the demo store anyway.`,
  seedRealOrders: (count: number) => (count === 1 ? "1 order" : `${count} orders`),
  seedRealOwners: (count: number) => (count === 1 ? "1 contributor who is not a demo account" : `${count} contributors who are not demo accounts`),
} as const;
