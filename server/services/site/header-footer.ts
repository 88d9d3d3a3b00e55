// The owner's header and footer (platform-support §3): two JSON objects per site.
import { InvalidInputError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { MAX_JSON_TEXT, isObject, parseObject, type Json } from "../support/settings-json.ts";

export interface HeaderFooter {
  header: Json;
  footer: Json;
}

export class HeaderFooterSettings {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
  ) {}

  async read(): Promise<HeaderFooter> {
    const row = await this.db.siteHeaderFooter.findUnique({ where: { websiteId: this.websiteId } });
    return { header: parseObject(row?.header ?? "{}"), footer: parseObject(row?.footer ?? "{}") };
  }

  async save(input: { header?: unknown; footer?: unknown }): Promise<HeaderFooter> {
    if (!isObject(input.header) || !isObject(input.footer)) throw new InvalidInputError(ownerMessages.headerFooterInvalid);
    const header = JSON.stringify(input.header);
    const footer = JSON.stringify(input.footer);
    if (header.length > MAX_JSON_TEXT || footer.length > MAX_JSON_TEXT) throw new InvalidInputError(ownerMessages.headerFooterInvalid);
    await this.db.siteHeaderFooter.upsert({
      where: { websiteId: this.websiteId },
      create: { websiteId: this.websiteId, header, footer },
      update: { header, footer },
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return { header: input.header, footer: input.footer };
  }
}
