// renderTemplate: integrators render a JSON-Template against their own data (no site data is read).
// Untrusted input, so everything is bounded: the sizes of the template, data and partials are
// checked before rendering; the render stops at a time and an output limit (an engine error says
// so, and the output so far is returned). The limits are in docs/template.md.
import { z } from "zod";
import { InvalidInputError } from "../domain/errors.ts";
import { boundedText, refusal } from "../domain/inputs.ts";
import { ownerMessages } from "../domain/messages/owner.ts";
import { isKnownLocale } from "../template/locale.ts";
import { renderTemplate, type RenderResult, type TemplateError } from "../template/index.ts";
import { builder } from "./builder.ts";

export const RENDER_LIMITS = {
  /** Characters of template source. */
  templateChars: 64 * 1024,
  /** Characters of the data as JSON text. */
  dataChars: 256 * 1024,
  /** Partials, and characters of all their sources together. */
  partials: 50,
  partialChars: 256 * 1024,
  /** Wall-clock time of the render. */
  timeMs: 100,
  /** Characters of output. */
  outputChars: 512 * 1024,
  /** `.eval`: tokens per expression, characters of a string built by `+`. */
  expressionTokens: 500,
  concatLength: 64 * 1024,
} as const;

// renderTemplate's arguments, refused (InvalidInputError) before anything is rendered.
const templateSource = boundedText(RENDER_LIMITS.templateChars, ownerMessages.renderTemplateTooLarge(RENDER_LIMITS.templateChars));
const templateData = z
  .unknown()
  .refine((data) => JSON.stringify(data).length <= RENDER_LIMITS.dataChars, refusal(ownerMessages.renderDataTooLarge(RENDER_LIMITS.dataChars)));
const templatePartials = z.record(z.string(), z.unknown()).transform((partials, ctx) => {
  const sources = Object.values(partials);
  if (sources.length > RENDER_LIMITS.partials) ctx.addIssue(refusal(ownerMessages.renderPartialsTooMany(RENDER_LIMITS.partials)));
  else if (sources.some((source) => typeof source !== "string")) ctx.addIssue(refusal(ownerMessages.renderPartialNotText));
  else if ((sources as string[]).reduce((sum, source) => sum + source.length, 0) > RENDER_LIMITS.partialChars) {
    ctx.addIssue(refusal(ownerMessages.renderPartialsTooLarge(RENDER_LIMITS.partialChars)));
  }
  return partials as Record<string, string>;
});
const templateLocale = z.string().refine((locale) => !locale || isKnownLocale(locale), refusal(ownerMessages.renderLocaleUnknown));

export const TemplateErrorKindEnum = builder.enumType("TemplateErrorKind", {
  description: "Where a template error was found: parsing, assembling the blocks, or executing.",
  values: { PARSER: { value: "parser" }, ASSEMBLER: { value: "assembler" }, ENGINE: { value: "engine" } } as const,
});

export const TemplateProblemRef = builder.objectRef<TemplateError>("TemplateProblem").implement({
  description: "An error of a template render. The render goes on: whatever could be rendered is in `html`.",
  fields: (t) => ({
    kind: t.field({ type: TemplateErrorKindEnum, resolve: (error) => error.kind }),
    message: t.exposeString("message"),
    line: t.int({ nullable: true, description: "1-based line of the tag, when known.", resolve: (error) => error.line ?? null }),
    column: t.int({ nullable: true, resolve: (error) => error.column ?? null }),
    partial: t.string({
      nullable: true,
      description: "The partial the line and column are in (null: the template).",
      resolve: (error) => error.partial ?? null,
    }),
  }),
});

const RenderedTemplateRef = builder.objectRef<RenderResult>("RenderedTemplate").implement({
  fields: (t) => ({
    html: t.exposeString("html"),
    errors: t.field({ type: [TemplateProblemRef], resolve: (result) => result.errors }),
  }),
});

builder.queryField("renderTemplate", (t) =>
  t.field({
    type: RenderedTemplateRef,
    errors: { types: [InvalidInputError] },
    description:
      "Renders a JSON-Template (template-language.md) against `data`, with locale `en` unless given. Limits: template 64 KiB, data 256 KiB of JSON, 50 partials of 256 KiB together; the render stops after 100 ms or 512 KiB of output.",
    args: {
      template: t.arg.string({ required: true, validate: templateSource }),
      data: t.arg({ type: "JSONObject", description: "The data the template sees (absent: no data).", validate: templateData }),
      partials: t.arg({ type: "JSONObject", description: "Partial name → template source, for `apply` and `.include`.", validate: templatePartials }),
      locale: t.arg.string({ description: "A BCP-47 tag such as en-US or de-DE (default en).", validate: templateLocale }),
      now: t.arg({ type: "DateTime", description: "The time `relative-time` and `timesince` count from (default: now)." }),
    },
    resolve: (_root, { template, data, partials, locale, now }) =>
      renderTemplate(template, data ?? undefined, {
        partials: (partials ?? {}) as Record<string, string>,
        locale: locale ?? "en",
        now: now ? now.getTime() : undefined,
        // One-off sources: compiling them again is cheaper than letting callers fill the cache.
        cacheCompiled: false,
        limits: {
          timeMs: RENDER_LIMITS.timeMs,
          maxOutputChars: RENDER_LIMITS.outputChars,
          maxExpressionTokens: RENDER_LIMITS.expressionTokens,
          maxConcatLength: RENDER_LIMITS.concatLength,
        },
      }),
  }),
);
