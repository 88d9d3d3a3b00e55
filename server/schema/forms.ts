// Forms over GraphQL for visitors: a form's schema, validation, a submission key, submitting,
// confirming and leaving a newsletter. The owner's side (forms CRUD, submissions, mailing lists):
// forms-owner.ts. The owner-only fields of Form are nullable and name their permission; scope-auth
// (builder.ts) enforces it.
import {
  CaptchaError,
  FormInvalidError,
  FormKeyInvalidError,
  FormNotConfiguredError,
  InvalidInputError,
  NotFoundError,
  SubmissionRateLimitedError,
} from "../domain/errors.ts";
import { FORM_KINDS, type FormField } from "../domain/forms/fields.ts";
import { formSchema, formTemplateSchema } from "../domain/forms/schema.ts";
import { parseFormFields } from "../services/catalog/catalog.ts";
import { builder } from "./builder.ts";
import { FieldErrorRef } from "./errors.ts";
import { idOf, nodeRowId } from "./ids.ts";

export const FormKindEnum = builder.enumType("FormKind", { values: FORM_KINDS });

builder.prismaObjectFields("Form", (t) => ({
  formId: t.exposeInt("id", { description: "The raw form id that the REST form endpoints take." }),
  kind: t.field({ type: FormKindEnum, select: { kind: true }, resolve: (form) => (form.kind === "NEWSLETTER" ? "NEWSLETTER" : "FORM") }),
  successRedirect: t.exposeString("successRedirect", { nullable: true }),
  postSubmitHtml: t.exposeString("postSubmitHtml", { nullable: true, description: "Shown (and its scripts run) after a successful submission." }),
  captchaEnabled: t.exposeBoolean("captchaEnabled"),
  captchaRequired: t.boolean({
    description: "Whether a submission needs a captcha: the site has a captcha site key and the form asks for one.",
    select: { captchaEnabled: true },
    resolve: async (form, _args, ctx) => !!(await ctx.services.settings.get()).captchaSiteKey && form.captchaEnabled,
  }),
  captchaSiteKey: t.string({ nullable: true, resolve: async (_form, _args, ctx) => (await ctx.services.settings.get()).captchaSiteKey }),
  schema: t.field({
    type: "JSONObject",
    description: "The form as GET /api/template/GetTemplateSchema?type=form&formId= describes it.",
    select: {
      id: true,
      key: true,
      name: true,
      kind: true,
      fields: true,
      submissionMessage: true,
      disclaimer: true,
      successRedirect: true,
      captchaEnabled: true,
    },
    resolve: async (form, _args, ctx) => {
      const siteKey = (await ctx.services.settings.get()).captchaSiteKey;
      return formSchema(
        { ...form, kind: form.kind === "NEWSLETTER" ? "NEWSLETTER" : "FORM", fields: parseFormFields(form.fields) },
        { required: !!siteKey && form.captchaEnabled, siteKey },
      );
    },
  }),
  mailingList: t.relation("mailingList", { nullable: true, authScopes: { permission: "forms.read" } }),
  fieldDefinitions: t.field({
    type: ["JSONObject"],
    // Nullable: a visitor who selects it gets the form, this field null (with a top-level error), not `form: null`.
    nullable: true,
    description:
      "Owners (forms.read): the fields as saved (id, type, title and the properties of their kind), the form builder's input to createForm and updateForm.",
    authScopes: { permission: "forms.read" },
    select: { fields: true },
    resolve: (form) => parseFormFields(form.fields) as unknown as Record<string, unknown>[],
  }),
  updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  submissionCount: t.int({
    nullable: true,
    description: "Owners: how many submissions the form has, apart from spam; null for a role without submissions.read.",
    authScopes: { permission: "submissions.read" },
    // The forms list asks for it whoever reads it: a role that may not see submissions gets null, not an error.
    unauthorizedResolver: () => null,
    select: { _count: { select: { submissions: { where: { spam: false } } } } },
    resolve: (form) => form._count.submissions,
  }),
}));

const FormValidationRef = builder
  .objectRef<{ valid: boolean; summary: string | null; fieldErrors: { fieldId: string; message: string }[] }>("FormValidation")
  .implement({
    fields: (t) => ({
      valid: t.exposeBoolean("valid"),
      summary: t.exposeString("summary", { nullable: true, description: "'One or more fields is invalid, please check your entries.' when not valid." }),
      fieldErrors: t.field({
        type: [FieldErrorRef],
        resolve: (validation) => validation.fieldErrors,
      }),
    }),
  });

const RequestFormSubmissionKeySuccess = builder.objectRef<{ key: string; expiresAt: Date }>("RequestFormSubmissionKeySuccess").implement({
  fields: (t) => ({ key: t.exposeString("key"), expiresAt: t.expose("expiresAt", { type: "DateTime" }) }),
});

const SubmitFormSuccess = builder
  .objectRef<{ submissionId: string; duplicate: boolean; submissionMessage: string; successRedirect: string | null; postSubmitHtml: string | null }>(
    "SubmitFormSuccess",
  )
  .implement({
    fields: (t) => ({
      submissionId: t.exposeID("submissionId"),
      duplicate: t.exposeBoolean("duplicate", { description: "These answers were stored already (a retry, or the same answers within a minute)." }),
      submissionMessage: t.exposeString("submissionMessage"),
      successRedirect: t.exposeString("successRedirect", { nullable: true }),
      postSubmitHtml: t.exposeString("postSubmitHtml", { nullable: true }),
    }),
  });

const SubmitFormInput = builder.inputType("SubmitFormInput", {
  fields: (t) => ({
    formId: t.id({ required: true }),
    key: t.string({ required: true, description: "From requestFormSubmissionKey: spent by this submission." }),
    form: t.field({ type: "JSONObject", required: true, description: "Field id -> value, in the shapes of the spec's form values." }),
    captchaKey: t.string(),
    pageTitle: t.string(),
    pageId: t.string(),
    contentSource: t.string({ description: "i for an item page, c for a collection." }),
    pagePath: t.string(),
    pagePermissionTypeValue: t.int(),
  }),
});

const ConfirmNewsletterSubscriptionSuccess = builder.objectRef<{ email: string; mailingList: string }>("ConfirmNewsletterSubscriptionSuccess").implement({
  fields: (t) => ({ email: t.exposeString("email"), mailingList: t.exposeString("mailingList") }),
});

const ConfirmNewsletterSubscriptionInput = builder.inputType("ConfirmNewsletterSubscriptionInput", {
  fields: (t) => ({ token: t.string({ required: true, description: "The token of the confirmation link." }) }),
});

builder.queryFields((t) => ({
  form: t.prismaField({
    type: "Form",
    nullable: true,
    description: "A form of the site by key (e.g. contact, newsletter) or id, as a page renders it.",
    args: { key: t.arg.string(), id: t.arg.id() },
    resolve: (query, _root, args, ctx) => {
      const id = args.id ? idOf(args.id, "Form") : null;
      // An id that names no form finds nothing, whatever the key.
      if (args.id && id === null) return null;
      return ctx.services.forms.formFor(query, { id, key: args.key });
    },
  }),
  formTemplateSchema: t.field({
    type: "JSONObject",
    description: "What the form builder offers: field kinds, their editable properties and answer shapes.",
    resolve: () => formTemplateSchema(),
  }),
  validateFormAnswers: t.field({
    type: FormValidationRef,
    description: "Server-side validation of answers (the same rules the client runs).",
    errors: { types: [FormNotConfiguredError, InvalidInputError] },
    args: { formId: t.arg.id({ required: true }), answers: t.arg({ type: "JSONObject", required: true }) },
    resolve: async (_root, args, ctx) => {
      try {
        await ctx.services.forms.validate(idOf(args.formId, "Form"), args.answers);
        return { valid: true, summary: null, fieldErrors: [] };
      } catch (error) {
        if (error instanceof FormInvalidError) return { valid: false, summary: error.message, fieldErrors: error.fieldErrors };
        throw error;
      }
    },
  }),
}));

builder.mutationFields((t) => ({
  requestFormSubmissionKey: t.field({
    type: RequestFormSubmissionKeySuccess,
    description: "A single-use key for one submission, valid for an hour, for this visitor.",
    // No error yet; a union all the same, like every mutation's payload (docs/api.md).
    errors: { types: [] },
    resolve: (_root, _args, ctx) => ctx.services.forms.issueKey(ctx.visitor),
  }),
  submitForm: t.field({
    type: SubmitFormSuccess,
    description: "Submits a form block or newsletter block. The answer is sent only once the submission is stored.",
    errors: { types: [FormNotConfiguredError, FormKeyInvalidError, SubmissionRateLimitedError, CaptchaError, FormInvalidError, InvalidInputError] },
    args: { input: t.arg({ type: SubmitFormInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.services.forms.submit(
        { ...input, formId: idOf(input.formId, "Form") ?? 0 },
        { visitor: ctx.visitor, remoteAddress: ctx.remoteAddress, language: ctx.locale },
      ),
  }),
  confirmNewsletterSubscription: t.field({
    type: ConfirmNewsletterSubscriptionSuccess,
    description: "Follows a newsletter confirmation link (double opt-in).",
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: ConfirmNewsletterSubscriptionInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.newsletter.confirm(input.token),
  }),
}));

// The newsletter unsubscribe page (page type 300, issue 12): every newsletter email links it with a token.
const NewsletterUnsubscribeRef = builder.objectRef<{ email: string; mailingList: string; unsubscribed: boolean }>("NewsletterUnsubscribe").implement({
  fields: (t) => ({
    email: t.exposeString("email"),
    mailingList: t.exposeString("mailingList"),
    unsubscribed: t.exposeBoolean("unsubscribed", { description: "Already taken off the list." }),
  }),
});

builder.queryField("newsletterUnsubscribe", (t) =>
  t.field({
    type: NewsletterUnsubscribeRef,
    nullable: true,
    description: "Who an unsubscribe link is for (null: not a valid link). Reading it changes nothing.",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => ctx.services.newsletter.unsubscribeTarget(token),
  }),
);

const UnsubscribeNewsletterSuccess = builder.objectRef<{ email: string; mailingList: string }>("UnsubscribeNewsletterSuccess").implement({
  fields: (t) => ({ email: t.exposeString("email"), mailingList: t.exposeString("mailingList") }),
});

const UnsubscribeNewsletterInput = builder.inputType("UnsubscribeNewsletterInput", {
  fields: (t) => ({ token: t.string({ required: true, description: "The token of the email's unsubscribe link." }) }),
});

builder.mutationField("unsubscribeNewsletter", (t) =>
  t.field({
    type: UnsubscribeNewsletterSuccess,
    description: "Takes the address of an unsubscribe link off its mailing list (doing it again answers the same).",
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: UnsubscribeNewsletterInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.newsletter.unsubscribe(input.token),
  }),
);

// The form a product asks its additional fields with (Product.additionalFieldsForm), and every form's fields.
const FormFieldRef = builder.objectRef<FormField>("FormField").implement({
  description: "One field of a form, as the form builder defines it.",
  fields: (t) => ({
    // Not `id`: Relay takes every `id` as a globally unique record identity, and field ids repeat
    // across forms (every form may have an "email").
    fieldId: t.exposeString("id", { description: "The field's id within its form (the key of its answer)." }),
    type: t.exposeString("type", {
      description:
        "text, textarea, email, number, website, currency, password, twitter, phone, name, address, date, time, checkbox, radio, select, likert, hidden or section.",
    }),
    title: t.exposeString("title"),
    description: t.string({ nullable: true, resolve: (field) => field.description ?? null }),
    placeholder: t.string({ nullable: true, resolve: (field) => field.placeholder ?? null }),
    required: t.boolean({ resolve: (field) => field.type !== "likert" && field.required === true }),
    maxLength: t.int({ nullable: true, resolve: (field) => field.maxLength ?? null }),
    options: t.stringList({ resolve: (field) => field.options ?? [] }),
    questions: t.stringList({ resolve: (field) => field.questions ?? [] }),
    key: t.string({ nullable: true, description: "Hidden fields: the page query key whose value they take.", resolve: (field) => field.key ?? null }),
    value: t.string({ nullable: true, description: "Hidden fields: the default value.", resolve: (field) => field.value ?? null }),
  }),
});

builder.prismaNode("Form", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id: nodeRowId(id), websiteId: ctx.services.websiteId }),
  nullable: true,
  select: { id: true },
  fields: (t) => ({
    key: t.exposeString("key"),
    name: t.exposeString("name"),
    fields: t.field({ type: [FormFieldRef], select: { fields: true }, resolve: (form) => parseFormFields(form.fields) }),
    submissionMessage: t.exposeString("submissionMessage"),
    disclaimer: t.exposeString("disclaimer", { nullable: true }),
  }),
});
