// The owner's store set-up (platform-support §3, §5-§7), one front for the transports: commerce
// preferences per namespace, and store creation (a product collection, its categories, a store).
// Each write is one transaction; events after commit tell other processes.
import { NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { CommercePreferenceSettings } from "./commerce-preferences.ts";
import { StoreCreation, type CategoryInput, type StoreCollectionInput, type StoreInput } from "./store-creation.ts";

export {
  MAX_CATEGORIES,
  type CategoryInput,
  type CategoryView,
  type CreatedStore,
  type StoreCollectionInput,
  type StoreCollectionView,
  type StoreInput,
} from "./store-creation.ts";

export class StoreSetupService {
  readonly #commercePreferences: CommercePreferenceSettings;
  readonly #stores: StoreCreation;

  constructor(
    db: Db,
    private readonly websiteId: string,
    pubsub: StorePubSub,
  ) {
    this.#commercePreferences = new CommercePreferenceSettings(db, websiteId, pubsub);
    this.#stores = new StoreCreation(db, websiteId, pubsub);
  }

  /** A websiteId from a request (a REST path) must name this site: another site's is as unknown as a wrong path. */
  checkWebsite(websiteId: string): void {
    if (websiteId !== this.websiteId) throw new NotFoundError(checkoutMessages.routeNotFound);
  }

  // commerce preferences
  commercePreferences(namespace: unknown) {
    return this.#commercePreferences.read(namespace);
  }
  saveCommercePreferences(namespace: unknown, input: unknown) {
    return this.#commercePreferences.save(namespace, input);
  }
  /** The saves of this site's `namespace` that changed its preferences, as they happen (on any server). */
  commercePreferencesChanges(namespace: string) {
    return this.#commercePreferences.changes(namespace);
  }

  // store creation
  createProductCollection(input: StoreCollectionInput, tx?: Tx) {
    return this.#stores.createProductCollection(input, tx);
  }
  createCategory(collectionId: unknown, input: CategoryInput, tx?: Tx) {
    return this.#stores.createCategory(collectionId, input, tx);
  }
  createStore(input: StoreInput) {
    return this.#stores.createStore(input);
  }
}
