// The documented form endpoints (spec §7), each: parse, call the form service, map the result.
// Their failures use the form catalogue's wording (spec §8 "Form submit HTTP errors").
import { z } from "zod";
import { formMessages } from "../domain/messages/forms.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { parseFormId } from "../services/forms/forms.ts";
import type { FailureWording } from "./http-errors.ts";
import { anyObject, defineRoute, optionalText, type Route } from "./route.ts";

/** The form calls "with credentials": a crumb failure is the form's 401, never a bare 403. */
const submitWording: FailureWording = {
  crumbFailed: { status: 401, message: formMessages.formUnauthorized },
  rateLimited: formMessages.formRateLimited,
  unexpected: formMessages.formServerError,
};

/** GET /api/template/GetTemplateSchema: type=form block (form, form-block and "form block" all name it). */
const templateSchemaQuery = z.object({
  type: z.string({ error: formMessages.templateTypeUnknown }).regex(/^form([ -]?block)?$/i, { error: formMessages.templateTypeUnknown }),
  formId: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return null;
      const formId = parseFormId(text);
      if (formId === null) ctx.addIssue({ code: "custom", message: checkoutMessages.invalidRequest });
      return formId;
    }),
  key: optionalText,
});

export const formRoutes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/api/template/GetTemplateSchema",
    changesState: false,
    // type=form: the form builder's schema; with formId (or key) also that form's fields.
    query: templateSchemaQuery,
    async handle(request, services) {
      const { formId, key } = request.query;
      return { body: await services.forms.templateSchema({ id: formId, key }) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/rest/forms/validate/:formId",
    // Validation stores nothing: no crumb, no rate-limit budget.
    changesState: false,
    acceptsBody: true,
    wording: { unexpected: formMessages.formServerError },
    // The answers are the form's: the service validates them field by field.
    async handle(request, services) {
      const answers = await request.body();
      return { body: await services.forms.validate(parseFormId(request.params.formId), answers) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/form/FormSubmissionKey",
    changesState: true,
    wording: {
      crumbFailed: { status: 401, message: formMessages.formKeyUnavailable },
      rateLimited: formMessages.formRateLimited,
      unexpected: formMessages.formKeyUnavailable,
    },
    async handle(request, services) {
      const { key, expiresAt } = await services.forms.issueKey(request.visitor);
      return { body: { data: { key, expiresAt: expiresAt.toISOString() } } };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/form/SaveFormSubmission",
    changesState: true,
    wording: submitWording,
    // The spec's submission payload (key, formId, form, captchaKey, page...): the service checks each.
    body: anyObject(formMessages.formFieldsUnparseable),
    async handle(request, services) {
      const ack = await services.forms.submit(await request.body(), {
        visitor: request.visitor,
        remoteAddress: request.remoteAddress,
        language: request.locale,
      });
      return { body: { success: true, ...ack } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/newsletter/confirm",
    // The link of the confirmation email (double opt-in): the token is the proof.
    changesState: false,
    query: z.object({ token: optionalText }),
    async handle(request, services) {
      const result = await services.newsletter.confirm(request.query.token);
      return { body: { confirmed: true, ...result } };
    },
  }),
];
