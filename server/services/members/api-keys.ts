// API keys (issue 10 item 6): the storage. The rules (format, scopes within the creator's role,
// expiry) are domain/members/api-keys.ts. A key is stored as the SHA-256 of its secret and shown once.
//
// Every request with a key reads its row (one lookup by a unique index): there is no cache, so a
// revoked key (its row deleted) is refused by every instance on its very next request. lastUsedAt is
// written at most once a minute per key, by a conditional update (two instances racing write once).
import { randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_PREFIX_LENGTH,
  apiKeyRefusal,
  isExpired,
  lastUsedIsStale,
  looksLikeApiKey,
  parseScopes,
  API_KEY_LAST_USED_PRECISION_MS,
  type NewApiKey,
} from "../../domain/members/api-keys.ts";
import { DomainError, InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import type { Permission } from "../../domain/members/permissions.ts";
import type { Db } from "../../db/client.ts";
import { newId, sha256 } from "../support/ids.ts";
import { toPrincipal, type Viewer } from "./sessions.ts";

/** A key as its list shows it (never the secret). */
export interface ApiKeyView {
  id: string;
  name: string;
  /** The key's first characters, e.g. "sck_Ab3x". */
  prefix: string;
  scopes: Permission[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  /** Who made it. */
  createdBy: string;
}

/** A bad, expired or revoked key (HTTP 401 with `message`; never anonymous instead). */
export class ApiKeyRefusedError extends DomainError {
  readonly code = "UNAUTHENTICATED";
}

const row = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  account: { select: { email: true } },
} as const;

type Row = {
  id: string;
  name: string;
  prefix: string;
  scopes: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  account: { email: string };
};

const view = (key: Row): ApiKeyView => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  scopes: parseScopes(key.scopes),
  createdAt: key.createdAt,
  expiresAt: key.expiresAt,
  lastUsedAt: key.lastUsedAt,
  createdBy: key.account.email,
});

export class ApiKeyService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The site's keys, newest first. */
  async list(): Promise<ApiKeyView[]> {
    const keys = await this.db.apiKey.findMany({ where: { websiteId: this.websiteId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: row });
    return keys.map(view);
  }

  /** Makes a key for the signed-in creator; answers it with its secret, which is never shown again. */
  async create(creator: Viewer, input: NewApiKey): Promise<{ key: ApiKeyView; secret: string }> {
    if (!creator.signedIn) throw new NotFoundError(ownerMessages.apiKeyNotFound);
    const refusal = apiKeyRefusal(toPrincipal(creator), input, this.now());
    if (refusal) throw new InvalidInputError(refusal);
    const secret = API_KEY_PREFIX + randomBytes(32).toString("base64url");
    const created = await this.db.apiKey.create({
      data: {
        id: newId(),
        websiteId: this.websiteId,
        accountId: creator.accountId,
        name: input.name,
        secretHash: sha256(secret),
        prefix: secret.slice(0, API_KEY_SHOWN_PREFIX_LENGTH),
        scopes: JSON.stringify(input.scopes),
        createdAt: this.now(),
        expiresAt: input.expiresAt,
      },
      select: row,
    });
    return { key: view(created), secret };
  }

  /** Revokes a key: its row goes, so its next request is refused on every instance. */
  async revoke(id: string): Promise<string> {
    const { count } = await this.db.apiKey.deleteMany({ where: { id, websiteId: this.websiteId } });
    if (count === 0) throw new NotFoundError(ownerMessages.apiKeyNotFound);
    return id;
  }

  /**
   * The viewer a bearer token speaks for: its creator, narrowed to its scopes. Throws
   * ApiKeyRefusedError for a token that is no key of this site, or an expired one.
   */
  async authenticate(token: string): Promise<Extract<Viewer, { signedIn: true }>> {
    if (!looksLikeApiKey(token)) throw new ApiKeyRefusedError(ownerMessages.apiKeyInvalid);
    const key = await this.db.apiKey.findUnique({
      where: { secretHash: sha256(token) },
      select: {
        id: true,
        websiteId: true,
        scopes: true,
        expiresAt: true,
        lastUsedAt: true,
        account: { select: { id: true, email: true, displayName: true, role: true, locale: true, websiteId: true } },
      },
    });
    if (!key || key.websiteId !== this.websiteId || key.account.websiteId !== this.websiteId) throw new ApiKeyRefusedError(ownerMessages.apiKeyInvalid);
    const now = this.now();
    if (isExpired(key.expiresAt, now)) throw new ApiKeyRefusedError(ownerMessages.apiKeyExpired);
    if (lastUsedIsStale(key.lastUsedAt, now)) {
      // Conditional: of several instances seeing the same stale value, one writes.
      const staleBefore = new Date(now.getTime() - API_KEY_LAST_USED_PRECISION_MS);
      await this.db.apiKey.updateMany({
        where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: staleBefore } }] },
        data: { lastUsedAt: now },
      });
    }
    return {
      signedIn: true,
      accountId: key.account.id,
      email: key.account.email,
      displayName: key.account.displayName,
      role: key.account.role,
      locale: key.account.locale,
      sessionId: `api-key:${key.id}`,
      apiKey: { id: key.id, scopes: parseScopes(key.scopes) },
    };
  }
}
