// Owners' page templates over GraphQL (issue 3 §2): list them, read one with its versions, save a new
// version, preview a source against a storefront page, roll back. The rules are TemplateService's
// (services/templates/templates.ts): a source that does not compile is answered with its errors and nothing is
// written, so a broken source never replaces a working version; every save is a version that can be
// rolled back to; a save or a rollback publishes `settingsChanged`, which drops every process's
// current sources (compiled templates are cached per site, template and version, so one version's
// compile is never served for another). Each field names the permission it needs
// (docs/permissions.md); scope-auth (builder.ts) enforces it.
import type { GraphQLContext, ServerContext } from "../context.ts";
import { InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { ownerMessages } from "../domain/messages/owner.ts";
import { siteBaseUrl } from "../services/storefront/base-url.ts";
import type { TemplateDetail, TemplateSummary, TemplateVersionInfo } from "../services/templates/templates.ts";
import type { DocumentError } from "../template/document.ts";
import type { TemplateError } from "../template/index.ts";
import { builder, type BuilderTypes } from "./builder.ts";
import { successWith } from "./payloads.ts";
import { TemplateErrorKindEnum, TemplateProblemRef } from "./templates.ts";

/** Longest storefront path a preview takes (a browser's practical URL limit). */
export const MAX_PREVIEW_PATH = 2048;

/** The fields TemplateSummary and Template share: the name, and which version pages render. */
const templateVersionFields = <Shape extends TemplateSummary>(t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Shape>) => ({
  name: t.string({ resolve: (template) => template.name }),
  currentVersion: t.int({
    nullable: true,
    description: "The saved version pages render; null while they render the shipped default.",
    resolve: (template) => template.currentVersion,
  }),
  usesDefault: t.boolean({
    description: "Whether pages render the shipped default (no saved version is current).",
    resolve: (template) => template.currentVersion === null,
  }),
});

const TemplateSummaryRef = builder.objectRef<TemplateSummary>("TemplateSummary").implement({
  description: "A template of the site: the `site` layout, a page template or a partial.",
  fields: (t) => ({
    ...templateVersionFields(t),
    hasDefault: t.exposeBoolean("hasDefault", { description: "Whether the store ships a default for it (otherwise it is the owner's own partial)." }),
    updatedAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "Last save or rollback; null if never saved.",
      resolve: (template) => template.updatedAt,
    }),
  }),
});

const TemplateVersionRef = builder.objectRef<TemplateVersionInfo>("TemplateVersion").implement({
  description: "A saved version of a template. Every version compiled when it was saved.",
  fields: (t) => ({
    version: t.exposeInt("version", { description: "1 for the first save, then one more per save." }),
    createdAt: t.field({ type: "DateTime", resolve: (version) => version.createdAt }),
    authorId: t.exposeInt("authorId", { nullable: true, description: "The account that saved it." }),
    authorName: t.exposeString("authorName", { nullable: true, description: "That account's display name; null once the account is gone." }),
    source: t.exposeString("source"),
  }),
});

const TemplateRef = builder.objectRef<TemplateDetail>("Template").implement({
  description: "A template of the site with its source and saved versions.",
  fields: (t) => ({
    ...templateVersionFields(t),
    hasDefault: t.exposeBoolean("hasDefault", { description: "Whether the store ships a default for it (rollbackTemplate with no version returns to it)." }),
    updatedAt: t.field({ type: "DateTime", nullable: true, resolve: (template) => template.updatedAt }),
    source: t.exposeString("source", { description: "What pages render: the current version's source, or the shipped default." }),
    versions: t.field({ type: [TemplateVersionRef], description: "Every saved version, newest first.", resolve: (template) => template.versions }),
  }),
});

interface SaveOutcome {
  saved: boolean;
  template: TemplateDetail | null;
  errors: readonly TemplateError[];
}

const SaveTemplateSuccess = builder.objectRef<SaveOutcome>("SaveTemplateSuccess").implement({
  fields: (t) => ({
    saved: t.exposeBoolean("saved", { description: "False when the source does not compile: then nothing was saved." }),
    template: t.field({
      type: TemplateRef,
      nullable: true,
      description: "The template as it is now: the new current version, or unchanged when nothing was saved (null: a new name that was not saved).",
      resolve: (outcome) => outcome.template,
    }),
    errors: t.field({
      type: [TemplateProblemRef],
      description: "Why the source does not compile (parser and assembler errors); empty when saved.",
      resolve: (outcome) => outcome.errors,
    }),
  }),
});

const TemplatePreviewProblemRef = builder.objectRef<DocumentError>("TemplatePreviewProblem").implement({
  description: "An error of a preview, with the template of the site it is in.",
  fields: (t) => ({
    template: t.exposeString("template", { description: "The template it is in: the previewed one, the page template or `site` (the layout)." }),
    kind: t.field({ type: TemplateErrorKindEnum, resolve: (error) => error.kind }),
    message: t.exposeString("message"),
    line: t.int({ nullable: true, resolve: (error) => error.line ?? null }),
    column: t.int({ nullable: true, resolve: (error) => error.column ?? null }),
    partial: t.string({
      nullable: true,
      description: "The partial the line and column are in (null: the template itself).",
      resolve: (error) => error.partial ?? null,
    }),
  }),
});

interface PreviewOutcome {
  html: string;
  errors: DocumentError[];
  pageTemplate: string;
  status: number;
}

const TemplatePreviewRef = builder.objectRef<PreviewOutcome>("TemplatePreview").implement({
  description: "A storefront page rendered with an unsaved source in place of one template.",
  fields: (t) => ({
    html: t.exposeString("html", { description: "The whole document (without the client's script tags), as far as it could be rendered." }),
    errors: t.field({ type: [TemplatePreviewProblemRef], resolve: (preview) => preview.errors }),
    pageTemplate: t.exposeString("pageTemplate", { description: "The page template the path renders (the `site` layout goes around it)." }),
    status: t.exposeInt("status", { description: "The page's HTTP status: 404 when the path shows the not-found page." }),
  }),
});

/** The storefront address a preview renders; only a path of this site (never another origin). */
function storefrontUrl(path: string, baseUrl: string): URL {
  const url = path.length <= MAX_PREVIEW_PATH && path.startsWith("/") ? new URL(path, baseUrl) : null;
  if (!url || url.origin !== new URL(baseUrl).origin) throw new InvalidInputError(ownerMessages.previewPathInvalid(MAX_PREVIEW_PATH));
  return url;
}

/** Links in a preview point where the live page's do: the host the request was made to. */
function baseUrlOfRequest(ctx: GraphQLContext): string {
  const { req } = ctx as GraphQLContext & ServerContext;
  return req ? siteBaseUrl(req.headers) : "http://localhost";
}

builder.queryFields((t) => ({
  templates: t.withAuth({ permission: "templates.read" }).field({
    type: [TemplateSummaryRef],
    description: "Owners: every template of the site by name, shipped or the owner's own.",
    resolve: (_root, _args, ctx) => ctx.services.templates.list(),
  }),
  template: t.withAuth({ permission: "templates.read" }).field({
    type: TemplateRef,
    description: "Owners: a template with its current source and every saved version.",
    errors: { types: [NotFoundError] },
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.templates.read(args.name),
  }),
  previewTemplate: t.withAuth({ permission: "templates.read" }).field({
    type: TemplatePreviewRef,
    description: "Owners: the page at `path` rendered with `source` in place of template `name`. Nothing is saved.",
    errors: { types: [InvalidInputError, NotFoundError] },
    args: {
      name: t.arg.string({ required: true }),
      source: t.arg.string({ required: true }),
      path: t.arg.string({ required: true, description: "A storefront path such as /shop/p/linen-shirt, / or /search?q=mug." }),
    },
    resolve: async (_root, args, ctx) => {
      const baseUrl = baseUrlOfRequest(ctx);
      // Owners preview the page as it is: past the site's lock, page passwords and member areas.
      const page = await ctx.services.storefront.page(storefrontUrl(args.path, baseUrl), baseUrl, { member: true, preview: true });
      const { html, errors } = await ctx.services.templates.preview(args.name, args.source, page.template, page.context);
      return { html, errors, pageTemplate: page.template, status: page.status };
    },
  }),
}));

const SaveTemplateInput = builder.inputType("SaveTemplateInput", {
  fields: (t) => ({ name: t.string({ required: true }), source: t.string({ required: true }) }),
});

const RollbackTemplateInput = builder.inputType("RollbackTemplateInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    version: t.int({ description: "The version to render again; null or absent: the shipped default." }),
  }),
});

builder.mutationFields((t) => ({
  saveTemplate: t.withAuth({ permission: "templates.write" }).field({
    type: SaveTemplateSuccess,
    description:
      "Owners: saves `source` as the template's next version and makes it current, unless it does not compile: then nothing is saved and its errors are answered.",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: SaveTemplateInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.services.templates.saveAndRead(input.name, input.source, { authorId: ctx.viewer.signedIn ? ctx.viewer.accountId : null }),
  }),
  rollbackTemplate: t.withAuth({ permission: "templates.write" }).field({
    type: successWith("RollbackTemplateSuccess", "template", TemplateRef),
    description: "Owners: makes a saved version current again (no new version is made); without `version`, the shipped default.",
    errors: { types: [InvalidInputError, NotFoundError] },
    args: { input: t.arg({ type: RollbackTemplateInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ template: await ctx.services.templates.rollback(input.name, input.version ?? null) }),
  }),
}));
