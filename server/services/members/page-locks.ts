// Locked and password-protected pages (page types 103 and 105, domain/members/page-locks.ts): the
// owner's passwords (bcrypt, like accounts'), and the visitor's unlocks. Entering the right password
// gives an unlock: an HMAC of the scope ("site" or the protected path) keyed by the password's hash,
// kept in the HttpOnly sc_unlock cookie (server/http/cookies.ts). Changing or removing the password
// changes the key, so every earlier unlock stops working at once; nothing is stored per visitor.
// Wrong passwords count per client address (10 per 15 minutes), as failed sign-ins do.
import { createHmac } from "node:crypto";
import { InvalidInputError, RateLimitedError } from "../../domain/errors.ts";
import { checkNewPassword } from "../../domain/members/accounts.ts";
import { normalizePagePath, pageAccess, protectingPath, type PageAccess } from "../../domain/members/page-locks.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { memberMessages } from "../../domain/messages/members.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { LimiterStore, type Limiter } from "../support/rate-limiter.ts";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.ts";

export const MAX_UNLOCK_FAILURES = 10;
export const UNLOCK_FAILURE_WINDOW_SECONDS = 15 * 60;
/** A browser keeps at most this many unlocks (the newest). */
export const MAX_UNLOCKS = 20;

const unlockFor = (passwordHash: string, scope: string) => createHmac("sha256", `page-unlock:${passwordHash}`).update(scope).digest("base64url").slice(0, 32);

export interface PageLocks {
  siteLocked: boolean;
  protectedPaths: string[];
}

export class PageLockService {
  readonly #failures: Limiter;

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub | null = null,
    limiters: LimiterStore = new LimiterStore(null),
  ) {
    this.#failures = limiters.limiter("page-unlock-address", { points: MAX_UNLOCK_FAILURES, durationSeconds: UNLOCK_FAILURE_WINDOW_SECONDS });
  }

  async #hashes() {
    const [website, pages] = await Promise.all([
      this.db.website.findUnique({ where: { id: this.websiteId }, select: { sitePasswordHash: true } }),
      this.db.pagePassword.findMany({ where: { websiteId: this.websiteId }, select: { path: true, passwordHash: true } }),
    ]);
    return { site: website?.sitePasswordHash ?? null, pages: new Map(pages.map((page) => [page.path, page.passwordHash])) };
  }

  /** What stands before the page at `pathname` for this viewer (the site lock, a page password, or nothing). */
  async access(pathname: string, viewer: { contributor: boolean; unlockTokens: readonly string[] }): Promise<PageAccess> {
    const hashes = await this.#hashes();
    if (!hashes.site && hashes.pages.size === 0) return { kind: "open" };
    const held = new Set(viewer.unlockTokens);
    const unlocked = (scope: string) => {
      const hash = scope === "site" ? hashes.site : hashes.pages.get(scope);
      return !!hash && held.has(unlockFor(hash, scope));
    };
    return pageAccess(pathname, { siteLocked: !!hashes.site, protectedPaths: [...hashes.pages.keys()] }, { contributor: viewer.contributor, unlocked });
  }

  /**
   * The unlock for the lock in front of `path` when `password` is its password: the site's when the
   * site is locked for this viewer, else the protecting page's. Refused: 'That password is not correct.'
   */
  async unlock(
    input: { path: unknown; password: unknown },
    viewer: { contributor: boolean; unlockTokens: readonly string[] },
    client: { remoteAddress: string | null },
  ): Promise<{ token: string; unlockTokens: string[] }> {
    const path = normalizePagePath(input.path);
    if (!path || typeof input.password !== "string") throw new InvalidInputError(checkoutMessages.invalidRequest);
    const address = client.remoteAddress ?? "unknown";
    const wait = await this.#failures.retryAfter(address);
    if (wait > 0) throw new RateLimitedError(wait);
    const access = await this.access(path, viewer);
    const hashes = await this.#hashes();
    const scope = access.kind === "site-locked" ? "site" : access.kind === "page-locked" ? access.path : null;
    const hash = scope === "site" ? hashes.site : scope ? (hashes.pages.get(scope) ?? null) : null;
    // Nothing to unlock: compare against a decoy all the same, so the answer takes as long.
    const matches = await verifyPassword(input.password, hash ?? (await decoyHash()));
    if (!scope || !hash || !matches) {
      await this.#failures.take(address);
      throw new InvalidInputError(memberMessages.pagePasswordWrong);
    }
    const token = unlockFor(hash, scope);
    const unlockTokens = [...viewer.unlockTokens.filter((held) => held !== token), token].slice(-MAX_UNLOCKS);
    return { token, unlockTokens };
  }

  /** Owners: the site's lock and the protected pages (paths only; passwords are never read back). */
  async settings(): Promise<{ siteLocked: boolean; protectedPaths: string[] }> {
    const hashes = await this.#hashes();
    return { siteLocked: !!hashes.site, protectedPaths: [...hashes.pages.keys()].sort() };
  }

  /** Owners: locks the site with this password (the lock screen), or opens it (null). */
  async setSitePassword(password: string | null | undefined): Promise<{ siteLocked: boolean; protectedPaths: string[] }> {
    if (password !== null && password !== undefined) {
      const problem = checkNewPassword(password);
      if (problem) throw new InvalidInputError(problem);
    }
    const sitePasswordHash = password ? await hashPassword(password) : null;
    await this.db.website.update({ where: { id: this.websiteId }, data: { sitePasswordHash } });
    this.pubsub?.publish("settingsChanged", { websiteId: this.websiteId });
    return this.settings();
  }

  /** Owners: protects the page at `path` (and below) with this password, or removes its password (null). */
  async setPagePassword(pathInput: unknown, password: string | null | undefined): Promise<{ siteLocked: boolean; protectedPaths: string[] }> {
    const path = normalizePagePath(pathInput);
    if (!path || path === "/" || protectingPath(path, [path]) === null) throw new InvalidInputError(memberMessages.pagePathInvalid);
    if (password === null || password === undefined) {
      await this.db.pagePassword.deleteMany({ where: { websiteId: this.websiteId, path } });
    } else {
      const problem = checkNewPassword(password);
      if (problem) throw new InvalidInputError(problem);
      const passwordHash = await hashPassword(password);
      await this.db.pagePassword.upsert({
        where: { websiteId_path: { websiteId: this.websiteId, path } },
        create: { websiteId: this.websiteId, path, passwordHash },
        update: { passwordHash },
      });
    }
    this.pubsub?.publish("settingsChanged", { websiteId: this.websiteId });
    return this.settings();
  }
}
