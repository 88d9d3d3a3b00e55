// Owner GraphQL for integrators' API keys (issue 10 item 6) and the marketing hooks (item 7). Keys
// need `apiKeys.manage` (admin, website manager); the pixel id and the feed URLs `site.settings`
// (docs/permissions.md). createApiKey answers the secret once; nothing answers it again.
import { apiKeyName, apiKeyScopes, grantableScopes } from "../domain/members/api-keys.ts";
import { InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { ownerMessages } from "../domain/messages/owner.ts";
import { PERMISSIONS, type Permission } from "../domain/members/permissions.ts";
import { pixelIdInput } from "../domain/store/marketing.ts";
import type { ApiKeyView } from "../services/members/api-keys.ts";
import type { MarketingView } from "../services/store/marketing.ts";
import { toPrincipal } from "../services/members/sessions.ts";
import { builder } from "./builder.ts";

const ApiKeyRef = builder.objectRef<ApiKeyView>("ApiKey").implement({
  description: "An integrator's API key. Its secret is shown once, by createApiKey; this is what the list shows.",
  authScopes: { permission: "apiKeys.manage" },
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    prefix: t.exposeString("prefix", { description: "The key's first characters (sck_ and 4 more), to tell keys apart." }),
    scopes: t.exposeStringList("scopes", { description: "The permissions the key acts with (docs/permissions.md)." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", nullable: true, description: "Null: never expires." }),
    lastUsedAt: t.expose("lastUsedAt", { type: "DateTime", nullable: true, description: "To the minute; null: never used." }),
    createdBy: t.exposeString("createdBy", { description: "The email of the contributor who made it (the key acts as them)." }),
  }),
});

const MarketingSettingsRef = builder.objectRef<MarketingView>("MarketingSettings").implement({
  description: "The ads pixel id and the products feed's URLs (secret: whoever has a URL reads the feed).",
  authScopes: { permission: "site.settings" },
  fields: (t) => ({
    pixelId: t.exposeString("pixelId", { nullable: true }),
    feedXmlUrl: t.exposeString("feedXmlUrl", { description: "Google Merchant Center feed (RSS 2.0)." }),
    feedCsvUrl: t.exposeString("feedCsvUrl", { description: "The same items as CSV." }),
  }),
});

builder.queryFields((t) => ({
  apiKeys: t.withAuth({ permission: "apiKeys.manage" }).field({
    type: [ApiKeyRef],
    description: "Owners: the site's API keys, newest first.",
    resolve: (_root, _args, ctx) => ctx.services.apiKeys.list(),
  }),
  apiKeyGrantableScopes: t.withAuth({ permission: "apiKeys.manage" }).stringList({
    description: "Owners: the permissions the signed-in contributor may put on a key (those of their role, never apiKeys.manage).",
    resolve: (_root, _args, ctx) => grantableScopes(toPrincipal(ctx.viewer)),
  }),
  marketingSettings: t.withAuth({ permission: "site.settings" }).field({
    type: MarketingSettingsRef,
    description: "Owners: the pixel id and the products feed URLs.",
    resolve: (_root, _args, ctx) => ctx.services.marketing.get(),
  }),
}));

const CreateApiKeyInput = builder.inputType("CreateApiKeyInput", {
  fields: (t) => ({
    name: t.string({ required: true, validate: apiKeyName }),
    scopes: t.stringList({ required: true, description: `Permission names, among: ${PERMISSIONS.join(", ")}.`, validate: apiKeyScopes }),
    expiresAt: t.field({ type: "DateTime", description: "Null or absent: the key never expires." }),
  }),
});

const CreateApiKeySuccess = builder.objectRef<{ key: ApiKeyView; secret: string }>("CreateApiKeySuccess").implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKeyRef, resolve: (success) => success.key }),
    secret: t.exposeString("secret", { description: "The key itself, for `Authorization: Bearer`. Shown this once: store it now." }),
  }),
});

const RevokeApiKeyInput = builder.inputType("RevokeApiKeyInput", { fields: (t) => ({ id: t.id({ required: true }) }) });
const RevokeApiKeySuccess = builder.objectRef<{ id: string }>("RevokeApiKeySuccess").implement({
  fields: (t) => ({ revokedId: t.exposeID("id", { description: "The id of the key revoked: it is refused from now on." }) }),
});

const SetPixelIdInput = builder.inputType("SetPixelIdInput", {
  fields: (t) => ({ pixelId: t.string({ required: true, description: "5 to 20 digits; empty clears it.", validate: pixelIdInput }) }),
});
const marketingSuccess = (name: string) =>
  builder.objectRef<MarketingView>(name).implement({
    fields: (t) => ({ marketing: t.field({ type: MarketingSettingsRef, resolve: (view) => view }) }),
  });
const SetPixelIdSuccess = marketingSuccess("SetPixelIdSuccess");
const RegenerateFeedTokenSuccess = marketingSuccess("RegenerateFeedTokenSuccess");
const RegenerateFeedTokenInput = builder.inputType("RegenerateFeedTokenInput", {
  fields: (t) => ({ confirm: t.boolean({ required: true, description: "Must be true: the old feed URLs stop working." }) }),
});

builder.mutationFields((t) => ({
  createApiKey: t.withAuth({ permission: "apiKeys.manage" }).field({
    type: CreateApiKeySuccess,
    description: "Owners: makes an API key with some of the permissions of the caller's role; answers its secret, once.",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.services.apiKeys.create(ctx.viewer, {
        name: input.name,
        scopes: input.scopes as Permission[],
        expiresAt: input.expiresAt ?? null,
      }),
  }),
  revokeApiKey: t.withAuth({ permission: "apiKeys.manage" }).field({
    type: RevokeApiKeySuccess,
    description: "Owners: revokes an API key; its next request is refused (401), on every instance.",
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: RevokeApiKeyInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ id: await ctx.services.apiKeys.revoke(String(input.id)) }),
  }),
  setPixelId: t.withAuth({ permission: "site.settings" }).field({
    type: SetPixelIdSuccess,
    description: "Owners: saves the ads pixel id (the purchase event reports to it).",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: SetPixelIdInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.marketing.setPixelId(input.pixelId),
  }),
  regenerateFeedToken: t.withAuth({ permission: "site.settings" }).field({
    type: RegenerateFeedTokenSuccess,
    description: "Owners: new products feed URLs; the old ones answer 404 from now on.",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: RegenerateFeedTokenInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      if (!input.confirm) throw new InvalidInputError(ownerMessages.feedRegenerateUnconfirmed);
      return ctx.services.marketing.regenerateFeedToken();
    },
  }),
}));
