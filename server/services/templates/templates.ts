// Page templates (issue 3).
//
// TemplateService is the only code that touches the Template tables. A site renders the shipped
// default of each template (server/template/defaults) until its owner saves one; every save is a
// new TemplateVersion and becomes current, so a bad change can be rolled back. A source that does
// not compile (parser or assembler errors) is refused with its errors and never replaces a working
// version. The current sources are kept in memory per site and dropped on `settingsChanged` (which
// a save publishes), so every process sees a save; compiled templates are cached per site, template
// and version, a shipped default once for every site. (The rows the pages show are services/storefront's.)
import { InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { DEFAULT_TEMPLATES, LAYOUT_TEMPLATE } from "../../template/defaults/index.ts";
import { renderDocument, type RenderedDocument, type TemplateSet } from "../../template/document.ts";
import { CompiledTemplateCache, compileTemplate, type CompiledTemplate, type TemplateError } from "../../template/index.ts";
import { EventCache } from "../support/event-cache.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";

/** Template names: lower-case words joined by dashes ("product", "product-card"). */
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const MAX_TEMPLATE_NAME = 64;
/** A template's source, in characters. */
export const MAX_TEMPLATE_SOURCE = 100_000;

export interface TemplateVersionInfo {
  version: number;
  createdAt: Date;
  /** The account that saved it. */
  authorId: number | null;
  /** That account's display name; null without an author or once the account is gone. */
  authorName: string | null;
  source: string;
}

export interface TemplateSummary {
  name: string;
  /** The version pages render; null while the shipped default is used. */
  currentVersion: number | null;
  /** Whether the store ships a default for it (otherwise it is an owner's own partial). */
  hasDefault: boolean;
  updatedAt: Date | null;
}

export interface TemplateDetail extends TemplateSummary {
  source: string;
  versions: TemplateVersionInfo[];
}

export type SaveResult = { ok: true; version: number } | { ok: false; errors: TemplateError[] };

interface CurrentTemplate {
  source: string;
  /** The version's row id, or null for the shipped default. */
  versionId: number | null;
}

/** Compiled templates of every site and version in this process. */
const compiledCache = new CompiledTemplateCache(2000);

class SiteTemplates implements TemplateSet {
  readonly sources: Readonly<Record<string, string>>;

  constructor(
    private readonly websiteId: string,
    private readonly current: ReadonlyMap<string, CurrentTemplate>,
  ) {
    this.sources = Object.fromEntries([...current].map(([name, { source }]) => [name, source]));
  }

  compiled(name: string): CompiledTemplate {
    const template = this.current.get(name);
    if (!template) throw new NotFoundError(ownerMessages.templateNotFound(name));
    // A shipped default is the same source on every site: compiled once per process, not once per site.
    const key = template.versionId === null ? `default\u0000${name}` : `${this.websiteId}\u0000${name}\u0000${template.versionId}`;
    return compiledCache.get(key, template.source);
  }

  /** The same set with one template's source replaced (a preview). */
  with(name: string, source: string): TemplateSet {
    const sources = { ...this.sources, [name]: source };
    return {
      sources,
      compiled: (other) => (other === name ? compileTemplate(source) : this.compiled(other)),
    };
  }
}

export class TemplateService {
  readonly #cache = new EventCache<string, SiteTemplates>();
  #invalidationWaiters: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
  ) {}

  /** Starts following `settingsChanged` (call once; `stop` ends it). */
  follow(): void {
    this.#cache.follow(this.pubsub.subscribe("settingsChanged"), ({ websiteId }) => websiteId === this.websiteId && this.invalidate());
  }

  stop(): void {
    this.#cache.stop();
  }

  invalidate(): void {
    this.#cache.invalidateAll();
    const waiting = this.#invalidationWaiters.splice(0);
    for (const resolve of waiting) resolve();
  }

  /** Resolves at the next invalidation (a save here, or another process's save arriving as an event). */
  nextInvalidation(): Promise<void> {
    return new Promise((resolve) => this.#invalidationWaiters.push(resolve));
  }

  /** Every template the site renders, each in its current version. */
  current(): Promise<SiteTemplates> {
    return this.#cache.get(this.websiteId, () => this.#load());
  }

  async #load(): Promise<SiteTemplates> {
    const rows = await this.db.template.findMany({ where: { websiteId: this.websiteId }, select: { name: true, currentVersionId: true } });
    const versionIds = rows.flatMap((row) => (row.currentVersionId === null ? [] : [row.currentVersionId]));
    const versions = versionIds.length ? await this.db.templateVersion.findMany({ where: { id: { in: versionIds } }, select: { id: true, source: true } }) : [];
    const sourceById = new Map(versions.map((version) => [version.id, version.source]));
    const current = new Map<string, CurrentTemplate>(Object.entries(DEFAULT_TEMPLATES).map(([name, source]) => [name, { source, versionId: null }]));
    for (const row of rows) {
      const source = row.currentVersionId === null ? undefined : sourceById.get(row.currentVersionId);
      if (source !== undefined) current.set(row.name, { source, versionId: row.currentVersionId });
    }
    return new SiteTemplates(this.websiteId, current);
  }

  async list(): Promise<TemplateSummary[]> {
    const rows = await this.db.template.findMany({
      where: { websiteId: this.websiteId },
      select: { name: true, currentVersionId: true, updatedAt: true, versions: { select: { id: true, version: true } } },
    });
    const byName = new Map(rows.map((row) => [row.name, row]));
    const names = [...new Set([...Object.keys(DEFAULT_TEMPLATES), ...rows.filter((row) => row.currentVersionId !== null).map((row) => row.name)])].sort();
    return names.map((name) => {
      const row = byName.get(name);
      return {
        name,
        currentVersion: row?.versions.find((version) => version.id === row.currentVersionId)?.version ?? null,
        hasDefault: name in DEFAULT_TEMPLATES,
        updatedAt: row?.updatedAt ?? null,
      };
    });
  }

  /** A template's current source and its saved versions (newest first), each with its source and author. */
  async read(name: string): Promise<TemplateDetail> {
    const row = await this.db.template.findUnique({
      where: { websiteId_name: { websiteId: this.websiteId, name } },
      select: {
        currentVersionId: true,
        updatedAt: true,
        versions: { orderBy: { version: "desc" }, select: { id: true, version: true, source: true, createdAt: true, authorId: true } },
      },
    });
    const current = row?.versions.find((version) => version.id === row.currentVersionId);
    const fallback = DEFAULT_TEMPLATES[name];
    if (!current && fallback === undefined) throw new NotFoundError(ownerMessages.templateNotFound(name));
    const authors = await this.#authorNames((row?.versions ?? []).flatMap((version) => (version.authorId === null ? [] : [version.authorId])));
    return {
      name,
      source: current?.source ?? fallback,
      currentVersion: current?.version ?? null,
      hasDefault: fallback !== undefined,
      updatedAt: row?.updatedAt ?? null,
      versions: (row?.versions ?? []).map(({ version, createdAt, authorId, source }) => ({
        version,
        createdAt,
        authorId,
        authorName: authorId === null ? null : (authors.get(authorId) ?? null),
        source,
      })),
    };
  }

  /** Display names of the accounts of this site among `accountIds` (authors of versions). */
  async #authorNames(accountIds: number[]): Promise<Map<number, string>> {
    if (accountIds.length === 0) return new Map();
    const accounts = await this.db.account.findMany({
      where: { websiteId: this.websiteId, id: { in: [...new Set(accountIds)] } },
      select: { id: true, displayName: true },
    });
    return new Map(accounts.map((account) => [account.id, account.displayName]));
  }

  /**
   * Saves `source` as the template's next version and makes it current, unless it does not compile:
   * then nothing is written and the compile errors are returned.
   */
  async save(name: string, source: string, options: { authorId?: number | null } = {}): Promise<SaveResult> {
    checkName(name);
    if (source.length > MAX_TEMPLATE_SOURCE) throw new InvalidInputError(ownerMessages.templateTooLarge(MAX_TEMPLATE_SOURCE));
    const { errors } = compileTemplate(source);
    if (errors.length > 0) return { ok: false, errors: [...errors] };
    for (let attempt = 1; ; attempt++) {
      try {
        const version = await this.db.$transaction(async (tx) => {
          const template = await tx.template.upsert({
            where: { websiteId_name: { websiteId: this.websiteId, name } },
            create: { websiteId: this.websiteId, name },
            update: {},
            select: { id: true },
          });
          const latest = await tx.templateVersion.aggregate({ where: { templateId: template.id }, _max: { version: true } });
          const next = (latest._max.version ?? 0) + 1;
          const created = await tx.templateVersion.create({
            data: { templateId: template.id, version: next, source, authorId: options.authorId ?? null },
            select: { id: true },
          });
          await tx.template.update({ where: { id: template.id }, data: { currentVersionId: created.id } });
          return next;
        });
        await this.#changed();
        return { ok: true, version };
      } catch (error) {
        // Two saves of one template at once: the second takes the next number.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  /**
   * `save`, answered with the template as it is now: the new current version, or unchanged when the
   * source did not compile (null: a refused first save of the owner's own partial, nothing to read).
   */
  async saveAndRead(
    name: string,
    source: string,
    options: { authorId?: number | null } = {},
  ): Promise<{ saved: boolean; template: TemplateDetail | null; errors: readonly TemplateError[] }> {
    const result = await this.save(name, source, options);
    if (result.ok) return { saved: true, template: await this.read(name), errors: [] };
    const template = await this.read(name).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    return { saved: false, template, errors: result.errors };
  }

  /**
   * Makes an earlier version current again (no new version is made); `null` goes back to the shipped
   * default.
   */
  async rollback(name: string, version: number | null): Promise<TemplateDetail> {
    checkName(name);
    const template = await this.db.template.findUnique({ where: { websiteId_name: { websiteId: this.websiteId, name } }, select: { id: true } });
    if (version === null) {
      if (!(name in DEFAULT_TEMPLATES)) throw new NotFoundError(ownerMessages.templateNotFound(name));
      if (template) await this.db.template.update({ where: { id: template.id }, data: { currentVersionId: null } });
    } else {
      const target = template
        ? await this.db.templateVersion.findUnique({ where: { templateId_version: { templateId: template.id, version } }, select: { id: true } })
        : null;
      if (!template || !target) throw new NotFoundError(ownerMessages.templateVersionNotFound(name, version));
      await this.db.template.update({ where: { id: template.id }, data: { currentVersionId: target.id } });
    }
    await this.#changed();
    return this.read(name);
  }

  /**
   * Renders a page with `source` in place of template `name`, without saving anything: the page's
   * document as it would be, and every error (compile errors of the source included, first).
   */
  async preview(name: string, source: string, page: string, context: Record<string, unknown>, options: { now?: number } = {}): Promise<RenderedDocument> {
    checkName(name);
    if (source.length > MAX_TEMPLATE_SOURCE) throw new InvalidInputError(ownerMessages.templateTooLarge(MAX_TEMPLATE_SOURCE));
    const templates = await this.current();
    if (!(page in templates.sources) || !(LAYOUT_TEMPLATE in templates.sources)) throw new NotFoundError(ownerMessages.templateNotFound(page));
    const rendered = renderDocument(templates.with(name, source), page, context, { now: options.now });
    if (name === page || name === LAYOUT_TEMPLATE) return rendered;
    // A partial's compile errors surface only where the page applies it (one engine error at the
    // apply tag, or nothing when the page does not apply it): list them with their own positions.
    const compileErrors = compileTemplate(source).errors.map((error) => ({ ...error, template: name }));
    return { html: rendered.html, errors: [...compileErrors, ...rendered.errors] };
  }

  async #changed(): Promise<void> {
    this.invalidate();
    await this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
  }
}

function checkName(name: string): void {
  if (name.length > MAX_TEMPLATE_NAME || !NAME.test(name)) throw new InvalidInputError(ownerMessages.templateNameInvalid(MAX_TEMPLATE_NAME));
}
