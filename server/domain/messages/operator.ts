// Texts an operator reads (issue 21): the refusals of the site operations, shared by the CLI
// (`npm run site`) and the operator GraphQL API, and the CLI's own lines. Operators only: a module of
// its own so no storefront or admin bundle carries it. The spec does not give them.
export const operatorMessages = {
  siteNameRequired: "A site needs a name of 1 to 200 characters.", // ours
  slugInvalid: (slug: string) => `"${slug}" is not a valid slug: use 1 to 63 lower-case letters, digits and inner hyphens.`, // ours
  slugTaken: (slug: string) => `The slug "${slug}" is already taken by another site.`, // ours
  hostInvalid: (host: string) => `"${host}" is not a valid host name, such as shop.example.com.`, // ours
  hostOnPlatform: (host: string, platformDomain: string) =>
    `"${host}" is under the platform domain ${platformDomain}: a site gets its platform address from its slug, not as a custom domain.`, // ours
  hostTaken: (host: string) => `The domain ${host} already belongs to another site.`, // ours
  ownerEmailInvalid: (email: string) => `"${email}" is not a valid email address for the owner.`, // ours
  currencyUnsupported: (currency: string, supported: string) => `The currency "${currency}" is not supported: use one of ${supported}.`, // ours
  statusUnknown: (status: string, names: string) => `"${status}" is not a site status: use one of ${names}.`, // ours
  siteUnknown: (site: string) => `There is no site "${site}" (give its id, slug or one of its host names).`, // ours
  domainUnknown: (host: string) => `No site has the domain ${host}.`, // ours
  platformDomainMissing: "This deployment serves one site: set PLATFORM_DOMAIN (each site then answers on {slug}.{PLATFORM_DOMAIN}) before creating sites.", // ours
  // The operator API's refusal of a request without the operator token.
  tokenRequired: "This API needs the operator token: send 'Authorization: Bearer <OPERATOR_TOKEN>'.", // ours
  // The CLI (scripts/site.ts)
  cliCreated: (id: string) => `Created site ${id}.`, // ours
  cliAddresses: "Addresses:", // ours
  cliSetupLink: (days: number) => `The owner's one-time setup link (valid ${days} days):`, // ours
  cliStatusSet: (site: string, status: string) => `Site ${site} is now ${status}.`, // ours
  cliDomainAdded: (host: string, site: string) => `Added ${host} to site ${site}.`, // ours
  cliDomainRemoved: (host: string) => `Removed the domain ${host}.`, // ours
  cliRemoved: (site: string, days: number) => `Site ${site} is removed: it answers 410, and its data is deleted after ${days} days.`, // ours
  cliNoSites: "No sites yet.", // ours
  cliToldServers: "Running servers were told through Redis and answer the change at once.", // ours
  cliRedisSilent: "Redis did not echo the change: running servers see it within 30 seconds.", // ours
  cliNoRedis: "Without REDIS_URL, running servers see the change within 30 seconds.", // ours
} as const;
