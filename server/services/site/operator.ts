// The operator's site operations (issue 21), one service for the CLI (`npm run site`) and the
// operator GraphQL API: create a site with what a fresh site needs to open and its owner's setup
// link, list sites, set a site's plan status, add and remove custom domains, remove a site. Each
// change is one transaction, then `siteChanged` tells every server (through Redis when there is one)
// to resolve hosts again.
import { ConflictError, NotAllowedError, NotFoundError } from "../../domain/errors.ts";
import { ACCEPT_INVITATION_PATH, INVITATION_DAYS } from "../../domain/members/people.ts";
import { Role } from "../../domain/members/permissions.ts";
import { operatorMessages } from "../../domain/messages/operator.ts";
import { MAIN_NAVIGATION } from "../../domain/site/navigation.ts";
import { isValidSlug, platformHost, platformSlug, primaryHostOf, requestHost } from "../../domain/site/hosts.ts";
import { SITE_STATUS, siteStatusName, TRIAL_DAYS, type SiteStatusName } from "../../domain/site/site-status.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { newId, newSecret, sha256 } from "../support/ids.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";
import { customHost, givenSlug, ownerEmail, siteCurrency, siteName, slugStem, statusName, uniqueSlug } from "./operator-inputs.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SiteHostView {
  host: string;
  /** The address links and redirects use; a custom domain that is not primary redirects to it (301). */
  primary: boolean;
  /** The platform subdomain ({slug}.{PLATFORM_DOMAIN}) rather than a custom domain. */
  platform: boolean;
}

export interface OperatorSiteView {
  id: string;
  slug: string | null;
  title: string;
  /** The status's name; null for a number outside the spec's list (treated as expired). */
  status: SiteStatusName | null;
  statusCode: number;
  statusChangedAt: Date;
  trialEndsAt: Date | null;
  createdAt: Date;
  /** Primary first, then the platform subdomain, then the other custom domains by name. */
  hosts: SiteHostView[];
  /** The primary host's address on the deployment's scheme and port; null without any host. */
  url: string | null;
}

export interface CreateSiteInput {
  name: unknown;
  slug?: string | null;
  host?: string | null;
  owner: unknown;
  currency?: string | null;
  trial?: boolean | null;
}

export interface CreatedSite {
  site: OperatorSiteView;
  /** The owner's invitation link: sets their password and makes them the site's admin (valid INVITATION_DAYS days). */
  setupUrl: string;
}

export interface SiteOperatorOptions {
  /** PLATFORM_DOMAIN; null on a single-site deployment, where no site can be created. */
  platformDomain: string | null;
  /** A host's address on the deployment's scheme and port (SiteDirectory.hostUrl). */
  hostUrl(host: string): string;
  /** Drops this process's answers about hosts at once (SiteDirectory.forget); other processes follow the event. */
  forget?: () => void;
  now?: () => Date;
}

const siteSelect = {
  id: true,
  slug: true,
  title: true,
  status: true,
  statusChangedAt: true,
  trialEndsAt: true,
  createdAt: true,
  domains: { select: { host: true, primary: true } },
} as const;

type SiteRow = { id: string; slug: string | null; title: string; status: number; statusChangedAt: Date; trialEndsAt: Date | null; createdAt: Date } & {
  domains: { host: string; primary: boolean }[];
};

/**
 * What a fresh site needs beyond its row (the operator's sites, the first production start's site):
 * pages, the admin, languages and templates work from the row's defaults, but the admin's store
 * creation links the new store from the main navigation ('Unable to find site main navigation'
 * without one), so the site starts with an empty one.
 */
export async function openSite(tx: Tx, websiteId: string): Promise<void> {
  await tx.navigation.create({ data: { websiteId, fieldName: MAIN_NAVIGATION, position: 0, items: "[]" } });
}

export class SiteOperatorService {
  readonly #now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly pubsub: StorePubSub,
    private readonly options: SiteOperatorOptions,
  ) {
    this.#now = options.now ?? (() => new Date());
  }

  /** Every site, oldest first. */
  async sites(): Promise<OperatorSiteView[]> {
    const rows = await this.db.website.findMany({ select: siteSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    return rows.map((row) => this.#view(row));
  }

  /** The site `ref` names (its id, slug, platform host or custom domain); NotFoundError when none. */
  async site(ref: string): Promise<OperatorSiteView> {
    return this.#view(await this.#find(ref));
  }

  /**
   * A new site: its row (status trial for TRIAL_DAYS, else paid), its platform slug (from the name,
   * made unique, unless given), an optional primary custom domain, an empty main navigation, and an
   * invitation making `owner` its admin, whose link is returned. Refused on a
   * single-site deployment (no PLATFORM_DOMAIN), where no host would reach it.
   */
  async createSite(input: CreateSiteInput): Promise<CreatedSite> {
    const platformDomain = this.options.platformDomain;
    if (!platformDomain) throw new NotAllowedError(operatorMessages.platformDomainMissing);
    const title = siteName(input.name);
    const email = ownerEmail(input.owner);
    const currency = siteCurrency(input.currency);
    const wantedSlug = input.slug ? givenSlug(input.slug) : null;
    const host = input.host ? customHost(input.host, platformDomain) : null;
    const now = this.#now();
    const token = newSecret();
    const id = newId();
    try {
      await this.db.$transaction(async (tx) => {
        const slug = wantedSlug ?? (await this.#freeSlug(tx, slugStem(title)));
        if (wantedSlug && (await tx.website.findUnique({ where: { slug }, select: { id: true } }))) throw new ConflictError(operatorMessages.slugTaken(slug));
        if (host && (await tx.siteDomain.findUnique({ where: { host }, select: { host: true } }))) throw new ConflictError(operatorMessages.hostTaken(host));
        const trial = input.trial === true;
        await tx.website.create({
          data: {
            id,
            title,
            currency,
            slug,
            status: trial ? SITE_STATUS.trial : SITE_STATUS.paid,
            statusChangedAt: now,
            trialEndsAt: trial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : null,
            createdAt: now,
            ...(host ? { domains: { create: [{ host, primary: true, createdAt: now }] } } : {}),
          },
        });
        await openSite(tx, id);
        await tx.contributorInvitation.create({
          data: {
            id: newId(),
            websiteId: id,
            email,
            role: Role.ADMIN,
            tokenHash: sha256(token),
            invitedById: null,
            createdAt: now,
            expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
          },
        });
      });
    } catch (error) {
      // Another operator took the slug or the host between the check and the insert.
      if (!isUniqueViolation(error)) throw error;
      if (host && (await this.db.siteDomain.findUnique({ where: { host } }))) throw new ConflictError(operatorMessages.hostTaken(host));
      throw new ConflictError(operatorMessages.slugTaken(wantedSlug ?? slugStem(title)));
    }
    this.#changed(id);
    const site = await this.site(id);
    return { site, setupUrl: `${site.url}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}` };
  }

  /**
   * Sets the site's plan status by name (SITE_STATUS). A change restarts `statusChangedAt` (the past-due
   * grace and the removal's retention count from it); trial starts TRIAL_DAYS from now. Setting the
   * status a site already has changes nothing, so a billing system repeating "pastDue" never extends
   * the grace period.
   */
  async setStatus(ref: string, status: string): Promise<OperatorSiteView> {
    const name = statusName(status);
    const site = await this.#find(ref);
    if (site.status === SITE_STATUS[name]) return this.#view(site);
    const now = this.#now();
    await this.db.website.update({
      where: { id: site.id },
      data: { status: SITE_STATUS[name], statusChangedAt: now, trialEndsAt: name === "trial" ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : null },
    });
    this.#changed(site.id);
    return this.site(site.id);
  }

  /** Removes the site: it answers 410 at once; its data is deleted REMOVED_RETENTION_DAYS later (the purge job). */
  removeSite(ref: string): Promise<OperatorSiteView> {
    return this.setStatus(ref, "removed");
  }

  /**
   * Adds a custom domain to the site (again for the site that has it already: only `primary` is
   * applied). With `primary` it becomes the site's address and its other domains redirect to it.
   */
  async addDomain(ref: string, hostInput: string, primary = false): Promise<OperatorSiteView> {
    const host = customHost(hostInput, this.options.platformDomain);
    const site = await this.#find(ref);
    try {
      await this.db.$transaction(async (tx) => {
        const existing = await tx.siteDomain.findUnique({ where: { host }, select: { websiteId: true } });
        if (existing && existing.websiteId !== site.id) throw new ConflictError(operatorMessages.hostTaken(host));
        if (primary) await tx.siteDomain.updateMany({ where: { websiteId: site.id, primary: true, host: { not: host } }, data: { primary: false } });
        if (existing) {
          if (primary) await tx.siteDomain.update({ where: { host }, data: { primary: true } });
        } else {
          await tx.siteDomain.create({ data: { host, websiteId: site.id, primary, createdAt: this.#now() } });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(operatorMessages.hostTaken(host));
      throw error;
    }
    this.#changed(site.id);
    return this.site(site.id);
  }

  /** Removes a custom domain; when it was the primary one, the site's platform subdomain is its address again. */
  async removeDomain(hostInput: string): Promise<OperatorSiteView> {
    const host = customHost(hostInput, null);
    const domain = await this.db.siteDomain.findUnique({ where: { host }, select: { websiteId: true } });
    if (!domain) throw new NotFoundError(operatorMessages.domainUnknown(host));
    await this.db.siteDomain.deleteMany({ where: { host } });
    this.#changed(domain.websiteId);
    return this.site(domain.websiteId);
  }

  /** The first free slug of `stem`, `stem-2`, … */
  async #freeSlug(tx: Tx, stem: string): Promise<string> {
    const rows = await tx.website.findMany({ where: { slug: { startsWith: stem } }, select: { slug: true } });
    return uniqueSlug(stem, new Set(rows.map((row) => row.slug!)));
  }

  /** A site by id, slug, platform host or custom domain. */
  async #find(ref: string): Promise<SiteRow> {
    const db = this.db;
    const text = ref.trim();
    const byId = text ? await db.website.findUnique({ where: { id: text }, select: siteSelect }) : null;
    if (byId) return byId;
    const lower = text.toLowerCase();
    const host = requestHost(lower);
    const slug = isValidSlug(lower) ? lower : host && this.options.platformDomain ? platformSlug(host, this.options.platformDomain) : null;
    const bySlug = slug ? await db.website.findUnique({ where: { slug }, select: siteSelect }) : null;
    if (bySlug) return bySlug;
    const domain = host ? await db.siteDomain.findUnique({ where: { host }, select: { websiteId: true } }) : null;
    const byHost = domain ? await db.website.findUnique({ where: { id: domain.websiteId }, select: siteSelect }) : null;
    if (byHost) return byHost;
    throw new NotFoundError(operatorMessages.siteUnknown(ref));
  }

  #view(row: SiteRow): OperatorSiteView {
    const platformDomain = this.options.platformDomain;
    const primaryHost = primaryHostOf(row, platformDomain);
    const platform = platformDomain && row.slug ? [{ host: platformHost(row.slug, platformDomain), platform: true }] : [];
    const custom = row.domains.map((domain) => ({ host: domain.host, platform: false })).sort((a, b) => a.host.localeCompare(b.host));
    // The primary host first (the one links use), then the platform subdomain, then the other custom domains.
    const hosts = [...platform, ...custom]
      .sort((a, b) => Number(b.host === primaryHost) - Number(a.host === primaryHost))
      .map((entry) => ({ ...entry, primary: entry.host === primaryHost }));
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      status: siteStatusName(row.status),
      statusCode: row.status,
      statusChangedAt: row.statusChangedAt,
      trialEndsAt: row.trialEndsAt,
      createdAt: row.createdAt,
      hosts,
      url: primaryHost ? this.options.hostUrl(primaryHost) : null,
    };
  }

  #changed(websiteId: string): void {
    this.options.forget?.();
    this.pubsub.publish("siteChanged", { websiteId });
  }
}
