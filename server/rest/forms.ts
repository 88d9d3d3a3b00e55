// The documented form endpoints (spec §7), each: parse, call the form service, map the result.
// Their failures use the form catalogue's wording (spec §8 "Form submit HTTP errors").
import { InvalidInputError } from "../domain/errors.ts";
import { messages } from "../domain/messages.ts";
import { parseFormId } from "../services/forms/forms.ts";
import type { FailureWording } from "./http-errors.ts";
import type { RestRequest, Route } from "./router.ts";

/** The form calls "with credentials": a crumb failure is the form's 401, never a bare 403. */
const submitWording: FailureWording = {
  crumbFailed: { status: 401, message: messages.formUnauthorized },
  rateLimited: messages.formRateLimited,
  unexpected: messages.formServerError,
};

async function readObject(request: RestRequest): Promise<Record<string, unknown>> {
  const body = await request.readBody();
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new InvalidInputError(messages.formFieldsUnparseable);
  return body as Record<string, unknown>;
}

export const formRoutes: Route[] = [
  {
    method: "GET",
    path: "/api/template/GetTemplateSchema",
    changesState: false,
    // type=form: the form builder's schema; with formId (or key) also that form's fields.
    async handle(request, services) {
      const query = request.url.searchParams;
      // The spec calls it "type=form block": form, form-block and "form block" all name it.
      if (!/^form([ -]?block)?$/i.test(query.get("type") ?? "")) throw new InvalidInputError(messages.templateTypeUnknown);
      const formIdText = query.get("formId");
      const formId = formIdText === null ? null : parseFormId(formIdText);
      if (formIdText !== null && formId === null) throw new InvalidInputError(messages.invalidRequest);
      return { body: await services.forms.templateSchema({ id: formId, key: query.get("key") }) };
    },
  },
  {
    method: "POST",
    path: "/api/rest/forms/validate/:formId",
    // Validation stores nothing: no crumb, no rate-limit budget.
    changesState: false,
    wording: { unexpected: messages.formServerError },
    async handle(request, services) {
      const answers = await request.readBody();
      return { body: await services.forms.validate(parseFormId(request.params.formId), answers) };
    },
  },
  {
    method: "POST",
    path: "/api/form/FormSubmissionKey",
    changesState: true,
    wording: {
      crumbFailed: { status: 401, message: messages.formKeyUnavailable },
      rateLimited: messages.formRateLimited,
      unexpected: messages.formKeyUnavailable,
    },
    async handle(request, services) {
      const { key, expiresAt } = await services.forms.issueKey(request.visitor);
      return { body: { data: { key, expiresAt: expiresAt.toISOString() } } };
    },
  },
  {
    method: "POST",
    path: "/api/form/SaveFormSubmission",
    changesState: true,
    wording: submitWording,
    async handle(request, services) {
      const body = await readObject(request);
      const ack = await services.forms.submit(body, { visitor: request.visitor, remoteAddress: request.remoteAddress });
      return { body: { success: true, ...ack } };
    },
  },
  {
    method: "GET",
    path: "/api/newsletter/confirm",
    // The link of the confirmation email (double opt-in): the token is the proof.
    changesState: false,
    async handle(request, services) {
      const result = await services.newsletter.confirm(request.url.searchParams.get("token"));
      return { body: { confirmed: true, ...result } };
    },
  },
];
