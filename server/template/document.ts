// A storefront document from a site's templates: the page template renders the page's content, then
// the layout (`site`) renders the whole document around it. Every template of the site is available
// to both as a partial (`{@|apply product-card}`). No I/O: the caller brings the templates and the
// page context (page-context.ts).
import { renderTemplate, type CompiledTemplate, type TemplateError } from "./index.ts";
import { LAYOUT_TEMPLATE } from "./defaults/index.ts";

export interface TemplateSet {
  /** Name → source of every template of the site, as the site currently has them. */
  readonly sources: Readonly<Record<string, string>>;
  /** The compiled form of a template of the set. */
  compiled(name: string): CompiledTemplate;
}

/** An error of a document render, with the template it happened in. */
export interface DocumentError extends TemplateError {
  template: string;
}

export interface DocumentOptions {
  /** `<script>`/`<link>` tags of the built client (client-assets.ts), printed by the layout. */
  clientEntryTags?: string;
  now?: number;
  locale?: string;
}

export interface RenderedDocument {
  html: string;
  errors: DocumentError[];
}

/**
 * Renders `page` with `context`, then the layout around it. The layout sees the page context plus
 * `mainContent` (the page's HTML) and `clientEntryTags`.
 */
export function renderDocument(templates: TemplateSet, page: string, context: Record<string, unknown>, options: DocumentOptions = {}): RenderedDocument {
  const renderOptions = { partials: templates.sources as Record<string, string>, now: options.now, locale: options.locale };
  const body = renderTemplate(templates.compiled(page), context, renderOptions);
  const layout = renderTemplate(
    templates.compiled(LAYOUT_TEMPLATE),
    { ...context, mainContent: body.html, clientEntryTags: options.clientEntryTags ?? "" },
    renderOptions,
  );
  return {
    html: layout.html,
    errors: [...body.errors.map((error) => ({ ...error, template: page })), ...layout.errors.map((error) => ({ ...error, template: LAYOUT_TEMPLATE }))],
  };
}
