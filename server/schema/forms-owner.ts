// Forms over GraphQL for owners: forms CRUD, submissions and mailing lists (with their sign-ups and
// consent records) as connections. Every owner field names the permission it needs; scope-auth
// (builder.ts) enforces it. The visitors' side: forms.ts.
import { ConflictError, InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { formMessages } from "../domain/messages/forms.ts";
import { builder } from "./builder.ts";
import { FormKindEnum } from "./forms.ts";
import { rawId } from "./ids.ts";
import { deletedSuccess } from "./payloads.ts";

builder.prismaObject("FormSubmission", {
  description: "An acknowledged form submission.",
  authScopes: { permission: "submissions.read" },
  select: { id: true },
  fields: (t) => ({
    id: t.exposeID("id"),
    form: t.relation("form", { nullable: true }),
    formName: t.exposeString("formName"),
    answers: t.field({
      type: "JSONObject",
      description: "Field id -> answer: text, a list of parts or checked values, or question -> score.",
      select: { answers: true },
      resolve: (submission) => JSON.parse(submission.answers) as Record<string, unknown>,
    }),
    email: t.exposeString("email", { nullable: true }),
    pageTitle: t.exposeString("pageTitle", { nullable: true }),
    pageId: t.exposeString("pageId", { nullable: true }),
    pagePath: t.exposeString("pagePath", { nullable: true }),
    contentSource: t.exposeString("contentSource", { nullable: true }),
    pagePermissionTypeValue: t.exposeInt("pagePermissionTypeValue", { nullable: true }),
    spam: t.exposeBoolean("spam", { description: "The honeypot was filled in." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.prismaObject("MailingList", {
  authScopes: { $any: { permission: "mailingLists.read", $all: { permission: "forms.read" } } },
  select: { id: true },
  fields: (t) => ({
    mailingListId: t.exposeInt("id"),
    name: t.exposeString("name"),
    signUpCount: t.relationCount("signUps", { description: "Owners: addresses on the list (any status).", authScopes: { permission: "mailingLists.read" } }),
  }),
});

builder.prismaObject("ConsentRecord", {
  authScopes: { permission: "mailingLists.read" },
  select: { id: true },
  fields: (t) => ({
    level: t.exposeString("level", { description: "SINGLE (the form was sent) or CONFIRMED (the confirmation link was followed)." }),
    source: t.exposeString("source", { description: "FORM or RESTOCK." }),
    pagePath: t.exposeString("pagePath", { nullable: true }),
    pageTitle: t.exposeString("pageTitle", { nullable: true }),
    consentText: t.exposeString("consentText", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.prismaObject("MailingListSignUp", {
  authScopes: { permission: "mailingLists.read" },
  select: { id: true },
  fields: (t) => ({
    email: t.exposeString("email"),
    status: t.exposeString("status", { description: "PENDING until confirmed (double opt-in), then CONFIRMED." }),
    mailingList: t.relation("mailingList"),
    consents: t.relation("consents", { query: { orderBy: { id: "asc" } } }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    confirmedAt: t.expose("confirmedAt", { type: "DateTime", nullable: true }),
  }),
});

const formFieldsInput = {
  key: "A key of lower-case letters, digits and dashes.",
  fields: "The fields: objects with id, type, title and the properties of their kind (see formTemplateSchema).",
};

const CreateFormInput = builder.inputType("CreateFormInput", {
  fields: (t) => ({
    key: t.string({ required: true, description: formFieldsInput.key }),
    name: t.string({ required: true }),
    kind: t.field({ type: FormKindEnum }),
    fields: t.field({ type: ["JSONObject"], required: true, description: formFieldsInput.fields }),
    submissionMessage: t.string(),
    disclaimer: t.string(),
    successRedirect: t.string(),
    captchaEnabled: t.boolean(),
    postSubmitHtml: t.string(),
    mailingListId: t.int(),
  }),
});

const UpdateFormInput = builder.inputType("UpdateFormInput", {
  fields: (t) => ({
    id: t.id({ required: true, description: "The form's formId or global id." }),
    key: t.string({ description: formFieldsInput.key }),
    name: t.string(),
    kind: t.field({ type: FormKindEnum }),
    fields: t.field({ type: ["JSONObject"], description: formFieldsInput.fields }),
    submissionMessage: t.string(),
    disclaimer: t.string(),
    successRedirect: t.string(),
    captchaEnabled: t.boolean(),
    postSubmitHtml: t.string(),
    mailingListId: t.int(),
  }),
});

const DeleteFormInput = builder.inputType("DeleteFormInput", {
  fields: (t) => ({ id: t.id({ required: true, description: "The form's formId or global id." }) }),
});

/** `<Mutation>Success { form }`: an owner's form change answers the form as it is now. */
function formSuccess(name: string) {
  return builder.objectRef<{ formId: number }>(name).implement({
    fields: (t) => ({
      form: t.prismaField({
        type: "Form",
        resolve: async (query, success, _args, ctx) => (await ctx.services.forms.formFor(query, { id: success.formId }))!,
      }),
    }),
  });
}

const formIdOf = (id: string | number) => rawId(id, "Form", formMessages.formNotFound);

builder.queryFields((t) => ({
  forms: t.withAuth({ permission: "forms.read" }).prismaConnection(
    {
      type: "Form",
      cursor: "id",
      defaultSize: 20,
      maxSize: 100,
      description: "Owners: the site's forms by name.",
      resolve: (query, _root, _args, ctx) => ctx.services.forms.list(query),
    },
    { name: "FormConnection" },
    { name: "FormEdge" },
  ),
  formSubmissions: t.withAuth({ permission: "submissions.read" }).prismaConnection(
    {
      type: "FormSubmission",
      cursor: "id",
      defaultSize: 20,
      maxSize: 100,
      description: "Owners: submissions, newest first; of one form with formId; spam (honeypot) ones with spam: true.",
      args: { formId: t.arg.id(), spam: t.arg.boolean() },
      resolve: (query, _root, args, ctx) =>
        ctx.services.forms.submissions(query, { formId: args.formId ? formIdOf(args.formId) : null, spam: args.spam ?? false }),
    },
    { name: "FormSubmissionConnection" },
    { name: "FormSubmissionEdge" },
  ),
  mailingLists: t.withAuth({ permission: "mailingLists.read" }).prismaField({
    type: ["MailingList"],
    description: "Owners: the site's mailing lists.",
    resolve: (query, _root, _args, ctx) => ctx.services.forms.mailingLists(query),
  }),
  mailingListSignUps: t.withAuth({ permission: "mailingLists.read" }).prismaConnection(
    {
      type: "MailingListSignUp",
      cursor: "id",
      defaultSize: 20,
      maxSize: 100,
      description: "Owners: mailing-list sign-ups with their consent records, newest first.",
      args: { mailingListId: t.arg.int() },
      resolve: (query, _root, args, ctx) => ctx.services.forms.mailingListSignUps(query, args.mailingListId),
    },
    { name: "MailingListSignUpConnection" },
    { name: "MailingListSignUpEdge" },
  ),
}));

builder.mutationFields((t) => ({
  createForm: t.withAuth({ permission: "forms.write" }).field({
    type: formSuccess("CreateFormSuccess"),
    description: "Owners: a new form.",
    errors: { types: [InvalidInputError, ConflictError] },
    args: { input: t.arg({ type: CreateFormInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ formId: (await ctx.services.forms.create(input)).id }),
  }),
  updateForm: t.withAuth({ permission: "forms.write" }).field({
    type: formSuccess("UpdateFormSuccess"),
    description: "Owners: changes the given settings of a form.",
    errors: { types: [InvalidInputError, ConflictError, NotFoundError] },
    args: { input: t.arg({ type: UpdateFormInput, required: true }) },
    resolve: async (_root, { input: { id, ...changes } }, ctx) => {
      const form = await ctx.services.forms.update(formIdOf(id), Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null)));
      return { formId: form.id };
    },
  }),
  deleteForm: t.withAuth({ permission: "forms.write" }).field({
    type: deletedSuccess("DeleteFormSuccess"),
    description: "Owners: deletes a form (its submissions stay).",
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: DeleteFormInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.forms.delete(formIdOf(input.id)),
  }),
}));
