// Commerce preferences per namespace (platform-support §6): a JSON object per site and namespace,
// versioned; an unchanged save is skipped, every other save is broadcast.
import { filter, pipe } from "graphql-yoga";
import { InvalidInputError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { NAMESPACE_PATTERN, cleanPreferences, preferencesChanged } from "../../domain/store/commerce-preferences.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { MAX_JSON_TEXT, isObject, parseObject, type Json } from "../support/settings-json.ts";

export interface CommercePreferences {
  websiteId: string;
  namespace: string;
  preferences: Json;
  version: number;
}

export class CommercePreferenceSettings {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
  ) {}

  #namespace(namespace: unknown): string {
    if (typeof namespace !== "string" || !NAMESPACE_PATTERN.test(namespace)) throw new InvalidInputError(ownerMessages.namespaceInvalid);
    return namespace;
  }

  /** The saves of this site's `namespace` that changed its preferences, as they happen (on any server). */
  changes(namespace: string) {
    return pipe(
      this.pubsub.subscribe("commercePreferencesChanged"),
      filter((event) => event.websiteId === this.websiteId && event.namespace === namespace),
    );
  }

  /** GET /api/v1/commerce-preferences/{namespace}: the preferences with the server's websiteId. */
  async read(namespaceInput: unknown): Promise<CommercePreferences> {
    const namespace = this.#namespace(namespaceInput);
    const row = await this.db.commercePreference.findUnique({ where: { websiteId_namespace: { websiteId: this.websiteId, namespace } } });
    return { websiteId: this.websiteId, namespace, preferences: parseObject(row?.preferences ?? "{}"), version: row?.version ?? 0 };
  }

  /**
   * PUT /api/v1/commerce-preferences/{namespace}: replaces the namespace's preferences with the sent
   * ones, websiteId dropped and empty values filtered out. An unchanged save is skipped (no write, no
   * event); every other save is broadcast to subscribers (commercePreferencesChanged).
   */
  async save(namespaceInput: unknown, input: unknown): Promise<CommercePreferences & { changed: boolean }> {
    const namespace = this.#namespace(namespaceInput);
    if (!isObject(input)) throw new InvalidInputError(ownerMessages.preferencesNotObject);
    const preferences = cleanPreferences(input);
    const text = JSON.stringify(preferences);
    if (text.length > MAX_JSON_TEXT) throw new InvalidInputError(checkoutMessages.bodyTooLarge);
    const saved = await this.db.$transaction(async (tx) => {
      const row = await tx.commercePreference.findUnique({ where: { websiteId_namespace: { websiteId: this.websiteId, namespace } } });
      const before = parseObject(row?.preferences ?? "{}");
      if (row && !preferencesChanged(before, preferences)) return { version: row.version, changed: false };
      const written = row
        ? await tx.commercePreference.update({
            where: { websiteId_namespace: { websiteId: this.websiteId, namespace } },
            data: { preferences: text, version: { increment: 1 } },
          })
        : await tx.commercePreference.create({ data: { websiteId: this.websiteId, namespace, preferences: text } });
      return { version: written.version, changed: true };
    });
    if (saved.changed) this.pubsub.publish("commercePreferencesChanged", { websiteId: this.websiteId, namespace });
    return { websiteId: this.websiteId, namespace, preferences, ...saved };
  }
}
