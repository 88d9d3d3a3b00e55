// The owner operations over GraphQL: header/footer, languages, captcha keys, navigation, page locks,
// the email outbox. Each with the permission docs/permissions.md gives it and the state it would
// change.
import { graphql, header, languages, navigations, next, type Operation, pageLocks, store, website } from "../owner-operations-setup.ts";

export const siteOperations: Operation[] = [
  { name: "query siteHeaderFooter", permission: "site.read", run: (c) => graphql(c, "{ siteHeaderFooter { header footer } }") },
  { name: "query multilingual", permission: "site.read", run: (c) => graphql(c, "{ multilingual { defaultLanguage connected languages { code } } }") },
  { name: "query siteLayout", permission: "site.read", run: (c) => graphql(c, "{ siteLayout { __typename } }") },
  { name: "query pageLocks", permission: "site.read", run: (c) => graphql(c, "{ pageLocks { siteLocked protectedPaths } }") },
  { name: "query siteNavigations", permission: "site.read", run: (c) => graphql(c, "{ siteNavigations { identifier links { title url } } }") },
  { name: "query navigationCollections", permission: "site.read", run: (c) => graphql(c, "{ navigationCollections { collectionId title urlId } }") },
  {
    name: "query outboxEmails",
    permission: "site.settings",
    run: (c) => graphql(c, "{ outboxEmails(first: 2, status: FAILED) { edges { node { toEmail lastError } } } }"),
  },
  {
    name: "mutation retryOutboxEmail",
    permission: "site.settings",
    run: (c) => graphql(c, 'mutation { retryOutboxEmail(input: { emailId: "authz-missing" }) { __typename } }'),
    probe: () => store.db.outboxEmail.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true, attempts: true } }),
  },
  {
    name: "mutation updateSiteHeaderFooter",
    permission: "site.design",
    run: (c) => graphql(c, `mutation { updateSiteHeaderFooter(input: { header: { n: ${next()} }, footer: {} }) { __typename } }`),
    probe: header,
  },
  {
    name: "mutation updateLanguages",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateLanguages(input: { languages: ["en-US", "${next() % 2 ? "fr-FR" : "de-DE"}"] }) { __typename } }`),
    probe: languages,
  },
  {
    name: "mutation updateMultilingualSettings",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateMultilingualSettings(input: { transactionalEmailsEnabled: ${next() % 2 === 0} }) { __typename } }`),
    probe: website,
  },
  {
    name: "mutation disconnectMultilingual",
    permission: "site.settings",
    run: (c) => graphql(c, "mutation { disconnectMultilingual { __typename } }"),
    probe: async () => [await website(), await languages()],
  },
  {
    name: "mutation updateCaptchaSettings",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateCaptchaSettings(input: { siteKey: "k${next()}" }) { __typename } }`),
    probe: website,
  },
  {
    name: "mutation updateSitePassword",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateSitePassword(input: { password: "site password ${next()}" }) { __typename } }`),
    probe: pageLocks,
  },
  {
    name: "mutation updatePagePassword",
    permission: "site.design",
    run: (c) => graphql(c, `mutation { updatePagePassword(input: { path: "/authz-${next()}", password: "page password" }) { __typename } }`),
    probe: pageLocks,
  },
  {
    name: "mutation updateNavigation",
    permission: "site.design",
    run: (c) => graphql(c, `mutation { updateNavigation(input: { fieldName: "secondaryNav", items: [{ externalLink: "/n${next()}" }] }) { __typename } }`),
    probe: navigations,
  },
];
