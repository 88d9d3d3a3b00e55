// The site's navigations and the layout built from them (platform-support §4): each navigation's
// items link to a collection, an external link or a member area; the layout lists the main one first.
import { InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import {
  HIDDEN_NAVIGATION,
  MAIN_NAVIGATION,
  MEMBER_AREAS_NAVIGATION,
  NAVIGATION_NAMES,
  SECONDARY_NAVIGATION,
  checkNavigationItems,
  layoutLinks,
  orderLayout,
  type LayoutLink,
  type NavigationItem,
} from "../../domain/site/navigation.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { parseJsonArray } from "../support/json.ts";
import { isObject } from "../support/settings-json.ts";

export interface SiteLayout {
  layout: { identifier: string; templateId: string | null; links: LayoutLink[] }[];
}

export interface NavigationUpdate {
  fieldName?: unknown;
  templateId?: unknown;
  navigation?: unknown;
}

export class NavigationSettings {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
  ) {}

  async #collections() {
    const rows = await this.db.collection.findMany({ where: { websiteId: this.websiteId }, select: { id: true, title: true, urlId: true } });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The site's collections (a navigation item may link to one), by title. */
  async collections() {
    return [...(await this.#collections()).values()].sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
  }

  /**
   * POST /api/widget/UpdateNavigation: replaces the items of one navigation (mainNav, secondaryNav,
   * _hidden or _memberareas).
   */
  async update(input: NavigationUpdate) {
    if (typeof input.fieldName !== "string" || !(NAVIGATION_NAMES as readonly string[]).includes(input.fieldName))
      throw new InvalidInputError(ownerMessages.navigationInvalid);
    if (input.templateId !== undefined && input.templateId !== null && (typeof input.templateId !== "string" || input.templateId.length > 100)) {
      throw new InvalidInputError(ownerMessages.navigationInvalid);
    }
    if (!isObject(input.navigation)) throw new InvalidInputError(ownerMessages.navigationInvalid);
    const fieldName = input.fieldName;
    const collections = await this.#collections();
    const checked = checkNavigationItems(input.navigation.items, (id) => collections.has(id));
    if (!checked.ok) throw new InvalidInputError(checked.problem);
    const templateId = (input.templateId as string | null | undefined) ?? null;
    const position = [MAIN_NAVIGATION, SECONDARY_NAVIGATION, HIDDEN_NAVIGATION, MEMBER_AREAS_NAVIGATION].indexOf(fieldName);
    await this.db.navigation.upsert({
      where: { websiteId_fieldName: { websiteId: this.websiteId, fieldName } },
      create: { websiteId: this.websiteId, fieldName, templateId, items: JSON.stringify(checked.value), position },
      update: { templateId, items: JSON.stringify(checked.value) },
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return { fieldName, templateId, navigation: { items: checked.value } };
  }

  /** GET /api/commondata/GetSiteLayout: the navigations, main navigation first (layout[0]). */
  async siteLayout(): Promise<SiteLayout> {
    const siteLayout = await this.layout();
    if (siteLayout.layout[0]?.identifier !== MAIN_NAVIGATION) throw new NotFoundError(ownerMessages.mainNavigationMissing);
    return siteLayout;
  }

  /** The navigations as the layout lists them, without requiring a main one (the pages' header and footer read it). */
  async layout(): Promise<SiteLayout> {
    const [navigations, collections] = await Promise.all([this.db.navigation.findMany({ where: { websiteId: this.websiteId } }), this.#collections()]);
    return {
      layout: orderLayout(navigations).map((navigation) => ({
        identifier: navigation.fieldName,
        templateId: navigation.templateId,
        links: layoutLinks(parseJsonArray<NavigationItem>(navigation.items), collections),
      })),
    };
  }
}
