// What the storefront script asks of a page beyond its own screen (issue 12): whether the viewer may
// see it (members-only pages give the access-denied page, type 106) and the form blocks the site's
// templates place on it (forms anywhere). The page is built and rendered as the document would be.
import { siteBaseUrl } from "../services/storefront/base-url.ts";
import { unlockTokensFrom } from "../http/cookies.ts";
import type { GraphQLContext } from "../context.ts";
import { builder } from "./builder.ts";

const MAX_PAGE_PATH = 2000;

interface StorefrontPageInfo {
  path: string;
  pageType: number;
  status: number;
  formKeys: string[];
}

export const StorefrontPageRef = builder.objectRef<StorefrontPageInfo>("StorefrontPage").implement({
  description: "A storefront page as the viewer may see it: its page type, and the form blocks its templates place on it.",
  fields: (t) => ({
    path: t.exposeString("path"),
    pageType: t.exposeInt("pageType", { description: "Page type (platform-support §3): 106 when the page is members-only and the viewer is not signed in." }),
    status: t.exposeInt("status", { description: "The document's HTTP status (403 access denied, 404 not found)." }),
    accessDenied: t.boolean({ resolve: (page) => page.pageType === 106 }),
    locked: t.string({
      nullable: true,
      description: "LOCK_SCREEN (103: the site's password) or PROTECTED_CONTENT (105: the page's) when a password stands before the page.",
      resolve: (page) => (page.pageType === 103 ? "LOCK_SCREEN" : page.pageType === 105 ? "PROTECTED_CONTENT" : null),
    }),
    formKeys: t.exposeStringList("formKeys", { description: "Keys of the form blocks (`form-block` formatter), in page order." }),
    forms: t.prismaField({
      type: ["Form"],
      description: "The form blocks the page's templates place on it, in page order.",
      resolve: (query, page, _args, ctx) => ctx.services.forms.formsByKeys(query, page.formKeys),
    }),
  }),
});

function baseUrlOf(ctx: GraphQLContext): string {
  const { req } = ctx as GraphQLContext & { req?: { headers: Record<string, string | string[] | undefined> } };
  return req ? siteBaseUrl(req.headers) : "http://localhost";
}

builder.queryField("storefrontPage", (t) =>
  t.field({
    type: StorefrontPageRef,
    description: "The storefront page at `path` (a path of this site, with its query) for the viewer; null for anything else.",
    nullable: true,
    args: { path: t.arg.string({ required: true }) },
    resolve: async (_root, { path }, ctx) => {
      const baseUrl = baseUrlOf(ctx);
      const url = path.length <= MAX_PAGE_PATH && path.startsWith("/") && !path.startsWith("//") ? new URL(path, baseUrl) : null;
      // Only a path of this site (null otherwise).
      if (!url || url.origin !== new URL(baseUrl).origin) return null;
      const info = await ctx.services.storefront.pageInfo(url, baseUrl, {
        member: ctx.viewer.signedIn,
        contributor: ctx.viewer.signedIn && ctx.viewer.role !== null,
        unlockTokens: unlockTokensFrom(ctx.cookieHeader),
      });
      return { path: url.pathname, ...info };
    },
  }),
);
