// Back-in-stock waitlists over GraphQL: visitors sign up; owners read the queue per variant, the
// groups, and send notifications (the fair queue decides how many). Owner fields name the
// permission they need; scope-auth (builder.ts) enforces it.
import { CaptchaError, InvalidInputError, NotAllowedError, NotFoundError } from "../domain/errors.ts";
import { RESTOCK_STATUSES } from "../domain/restock/restock.ts";
import { groupCursor, signUpCursor, type RestockGroupView, type RestockSignUpView, type SendResult } from "../services/restock/restock.ts";
import { forwardPagesOnly } from "../domain/inputs.ts";
import { restockEmailInput } from "../domain/restock/inputs.ts";
import { builder, type InputFields } from "./builder.ts";
import { forwardConnection } from "./connections.ts";
import { successWith } from "./payloads.ts";

const RestockStatusEnum = builder.enumType("RestockStatus", { values: RESTOCK_STATUSES });

const RestockSignUpRef = builder.objectRef<RestockSignUpView>("RestockSignUp").implement({
  description: "A place in a variant's back-in-stock queue.",
  authScopes: { permission: "restock.read" },
  fields: (t) => ({
    signUpId: t.exposeInt("id"),
    productId: t.exposeInt("productId"),
    variantId: t.exposeInt("variantId"),
    email: t.exposeString("email"),
    isJoinMailingList: t.exposeBoolean("isJoinMailingList"),
    language: t.exposeString("language", { nullable: true }),
    status: t.field({ type: RestockStatusEnum, resolve: (signUp) => signUp.status }),
    queuePosition: t.exposeInt("queuePosition", { nullable: true, description: "Place among those still waiting (from 1), when listing one variant." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    notifiedAt: t.expose("notifiedAt", { type: "DateTime", nullable: true }),
    purchasedAt: t.expose("purchasedAt", { type: "DateTime", nullable: true }),
  }),
});

export const RestockGroupRef = builder.objectRef<RestockGroupView>("RestockSignUpGroup").implement({
  description: "One variant's waitlist: its counts by status.",
  authScopes: { permission: "restock.reports" },
  fields: (t) => ({
    productId: t.exposeInt("productId"),
    variantId: t.exposeInt("variantId"),
    productName: t.exposeString("productName"),
    sku: t.exposeString("sku"),
    attributes: t.field({ type: "JSONObject", resolve: (group) => group.attributes }),
    unlimited: t.exposeBoolean("unlimited"),
    qtyInStock: t.exposeInt("qtyInStock"),
    received: t.exposeInt("received"),
    notified: t.exposeInt("notified"),
    purchased: t.exposeInt("purchased"),
    expired: t.exposeInt("expired"),
    total: t.exposeInt("total"),
  }),
});

const SendResultRef = builder.objectRef<SendResult>("RestockSendResult").implement({
  fields: (t) => ({
    productId: t.exposeInt("productId"),
    variantId: t.exposeInt("variantId"),
    notified: t.exposeInt("notified", { description: "Waiters notified now (never more than the units available)." }),
    waiting: t.exposeInt("waiting", { description: "Waiters still waiting." }),
  }),
});

const SignUpForRestockSuccess = builder.objectRef<{ signUpId: number; status: string }>("SignUpForRestockSuccess").implement({
  fields: (t) => ({
    success: t.boolean({ resolve: () => true }),
  }),
});

const SignUpForRestockInput = builder.inputType("SignUpForRestockInput", {
  fields: (t) => ({
    productId: t.id({ required: true }),
    variantId: t.id({ required: true }),
    siteVisitorEmail: t.string({ required: true, validate: restockEmailInput }),
    isJoinMailingList: t.boolean(),
    captchaToken: t.string(),
    recaptchaEnterpriseV3Token: t.string(),
    language: t.string({ description: "Kept only when multilingual transactional emails are on and a translation plugin is connected." }),
  }),
});

const variantRef = (t: InputFields) => ({ productId: t.id({ required: true }), variantId: t.id({ required: true }) });

/** One variant whose waiters to notify (SendAllRestockNotificationsInput.sendRequests). */
const SendRequestInput = builder.inputType("RestockSendRequestInput", { fields: variantRef });

const SendRestockNotificationsInput = builder.inputType("SendRestockNotificationsInput", { fields: variantRef });

const SendAllRestockNotificationsInput = builder.inputType("SendAllRestockNotificationsInput", {
  fields: (t) => ({ sendRequests: t.field({ type: [SendRequestInput], required: true, description: "At most 100." }) }),
});

const SendAllRestockNotificationsSuccess = builder.objectRef<{ results: SendResult[] }>("SendAllRestockNotificationsSuccess").implement({
  fields: (t) => ({ results: t.field({ type: [SendResultRef], description: "One per request, in order.", resolve: (success) => success.results }) }),
});

builder.queryFields((t) => ({
  restockSignUps: t.withAuth({ permission: "restock.read" }).connection(
    {
      type: RestockSignUpRef,
      description: "Owners: back-in-stock sign-ups in queue order, of a product or one variant (with queue positions).",
      args: { productId: t.arg.id(), variantId: t.arg.id() },
      validate: forwardPagesOnly,
      resolve: async (_root, args, ctx) => {
        const page = await ctx.services.restock.list({
          productId: args.productId ?? null,
          variantId: args.variantId ?? null,
          cursor: args.after,
          first: args.first ?? undefined,
        });
        return forwardConnection(page, signUpCursor);
      },
    },
    { name: "RestockSignUpConnection" },
    { name: "RestockSignUpEdge" },
  ),
  restockSignUpGroup: t.withAuth({ permission: "restock.reports" }).field({
    type: RestockGroupRef,
    nullable: true,
    description: "Owners: one variant's waitlist with its counts by status; null when nobody signed up for it.",
    args: { productId: t.arg.id({ required: true }), variantId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.restock.group(args.productId, args.variantId),
  }),
  restockSignUpGroups: t.withAuth({ permission: "restock.reports" }).connection(
    {
      type: RestockGroupRef,
      description: "Owners: one entry per variant with a waitlist, with counts by status.",
      validate: forwardPagesOnly,
      resolve: async (_root, args, ctx) => {
        const page = await ctx.services.restock.groups({ cursor: args.after, first: args.first ?? undefined });
        return forwardConnection(page, groupCursor);
      },
    },
    { name: "RestockSignUpGroupConnection" },
    { name: "RestockSignUpGroupEdge" },
  ),
}));

builder.mutationFields((t) => ({
  signUpForRestock: t.field({
    type: SignUpForRestockSuccess,
    description: "Joins the waitlist of a sold-out variant; signing up again keeps one place.",
    errors: { types: [InvalidInputError, NotFoundError, NotAllowedError, CaptchaError] },
    args: { input: t.arg({ type: SignUpForRestockInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.restock.signUp(input, { remoteAddress: ctx.remoteAddress }),
  }),
  sendRestockNotifications: t.withAuth({ permission: "restock.send" }).field({
    type: successWith("SendRestockNotificationsSuccess", "result", SendResultRef),
    description: "Owners: notifies waiters of a variant, one per unit in stock not held for an earlier notification.",
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: SendRestockNotificationsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ result: await ctx.services.restock.send(input.productId, input.variantId) }),
  }),
  sendAllRestockNotifications: t.withAuth({ permission: "restock.send" }).field({
    type: SendAllRestockNotificationsSuccess,
    description: "Owners: sendRestockNotifications for each request (at most 100).",
    errors: { types: [NotFoundError, InvalidInputError] },
    args: { input: t.arg({ type: SendAllRestockNotificationsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ results: await ctx.services.restock.sendAll(input.sendRequests) }),
  }),
}));
