// The templates a site renders until its owner saves their own (server/services/templates/templates.ts keeps
// the saved versions). One file per template in this folder, named after the template.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** This folder: the engine finds its shipped templates beside this file, not through the database layer. */
const FOLDER = dirname(fileURLToPath(import.meta.url));

/** The document around every page: head (title, meta, Open Graph, JSON-LD), header, footer. */
export const LAYOUT_TEMPLATE = "site";

/** The page templates, one per kind of storefront page. */
export const PAGE_TEMPLATES = [
  "collection",
  "product",
  "search",
  "cart",
  "checkout",
  "order-confirmed",
  "contact",
  "not-found",
  "account",
  "order-status",
  "newsletter-unsubscribe",
  "access-denied",
  "lock-screen",
  "protected-content",
] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** Name → source of every shipped template: the layout, the pages and their partials. */
export const DEFAULT_TEMPLATES: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    readdirSync(FOLDER)
      .filter((file) => file.endsWith(".html"))
      .sort()
      .map((file) => [file.slice(0, -".html".length), readFileSync(join(FOLDER, file), "utf8")]),
  ),
);
