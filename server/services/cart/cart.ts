// The visitor's cart: add, change quantity, remove, edit an entry's form answers, coupons, shipping,
// and the one-item cart of a subscription checkout. Each operation is one CartWriter write: load ->
// domain rules -> write -> priced view, in one transaction. What a line is made of: cart-entries.ts.
import { canAddQuantity } from "../../domain/cart/stock.ts";
import { CouponError, GiftCardError, RateLimitedError, InvalidInputError, NotAllowedError, NotEnoughStockError, NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import { isCountryCode, isEntryId } from "../../domain/cart/inputs.ts";
import { couponProblem } from "../../domain/cart/cart-totals.ts";
import { giftCardCodeInput, giftCardDeliveryInput, giftCardProblem, giftCardsCanPayAny, normaliseGiftCardCode } from "../../domain/cart/gift-card-payment.ts";
import { parseInput } from "../../domain/inputs.ts";
import { LimiterStore, type Limiter } from "../support/rate-limiter.ts";
import type { Db, Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { MAX_ROW_ID } from "../catalog/catalog.ts";
import { loadCartView, priceCart, reachingOptions, type CartEntryView, type CartView, type CartViewSources } from "./cart-view.ts";
import { CartWriter, type CartRow, type Visitor, type WriteOptions } from "./cart-transaction.ts";
import { canonicalJson, parseJsonArray } from "../support/json.ts";
import type { CartViewCache } from "./cart-view-cache.ts";
import type { ProductDefinition, ProductDefinitions } from "../catalog/product-definitions.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import type { SitePlanService } from "../site/site-plan.ts";
import { variantStock } from "./stock-holds.ts";
import { addUnits, checkAnswers, chooseUnit, normaliseAnswers, requireQuantity } from "./cart-entries.ts";

export interface AddEntryInput {
  /** The product's raw id. */
  itemId: number;
  /** A variant's (or gift-card denomination's) sku; null to choose by options or for one-variant products. */
  sku?: string | null;
  /** Option name -> value, the shopper's choice when no sku is given. */
  options?: Record<string, string> | null;
  /** Whatever the client sent: parsed with the quantity rules (default 1). */
  quantity?: unknown;
  /** Answers to the product's additional-fields form: field id -> value. */
  additionalFields?: Record<string, unknown> | null;
  /** Gift cards (issue 12): who receives the code (default: the buyer's checkout email) and a message. */
  giftDelivery?: { recipientEmail: string; message?: string | null } | null;
}

export interface CartResult {
  cartId: string;
  cartToken: string;
  cart: CartView;
}

export interface AddEntryResult extends CartResult {
  newlyAdded: CartEntryView;
}

export interface UpdateEntryResult extends CartResult {
  updatedEntry: CartEntryView;
}

export interface ShippingLocationInput {
  country: string;
  region?: string | null;
  postalCode?: string | null;
}

/** Wrong gift card codes a visitor may try: 10 per 15 minutes, then 15 minutes locked out. */
export const GIFT_CARD_TRY_BUDGET = { points: 10, durationSeconds: 15 * 60, blockSeconds: 15 * 60 };

export class CartService {
  constructor(
    private readonly db: Db,
    private readonly settings: StoreSettingsService,
    private readonly definitions: ProductDefinitions,
    private readonly writer: CartWriter,
    private readonly viewCache: CartViewCache,
    /** Refuses a subscription checkout while the site's plan takes no orders (issue 21). */
    private readonly plan: SitePlanService,
    limiters: LimiterStore = new LimiterStore(null),
    private readonly now: () => Date = () => new Date(),
  ) {
    this.#giftCardTries = limiters.limiter("gift-card-tries", GIFT_CARD_TRY_BUDGET);
  }

  /** Wrong gift card codes tried per visitor (their crumb, else their cart): guessing is throttled. */
  readonly #giftCardTries: Limiter;

  async #sources(): Promise<CartViewSources> {
    return { definitions: this.definitions, settings: await this.settings.get(), now: this.now };
  }

  /** The cart a token names, or null (served from the view cache: the pill cart asks on every page). */
  async view(cartToken: string | null): Promise<CartView | null> {
    if (!cartToken) return null;
    const sources = await this.#sources();
    const view = await this.viewCache.get(cartToken, () => loadCartView(this.db, { token: cartToken }, sources));
    return view?.websiteId === sources.settings.websiteId ? view : null;
  }

  /** The cart as stored now, never from the cache (subscriptions push it after each change). */
  async viewById(cartId: string): Promise<CartView | null> {
    return loadCartView(this.db, { id: cartId }, await this.#sources());
  }

  /** A product of this site that can be put in a cart, or NotFoundError. */
  async #product(tx: Tx, itemId: number): Promise<ProductDefinition> {
    const product = Number.isSafeInteger(itemId) && itemId > 0 && itemId <= MAX_ROW_ID ? await this.definitions.get(itemId, tx) : null;
    const settings = await this.settings.get();
    if (!product || !product.visible || product.websiteId !== settings.websiteId) throw new NotFoundError(checkoutMessages.productNotFound);
    return product;
  }

  async #result(tx: Tx, cart: CartRow): Promise<CartResult> {
    const view = await loadCartView(tx, { id: cart.id }, await this.#sources());
    if (!view) throw new NotFoundError(checkoutMessages.cartNotFound);
    return { cartId: cart.id, cartToken: cart.token, cart: view };
  }

  /** Adds a product (merging with an identical entry); makes a cart when the visitor has none. */
  addEntry(visitor: Visitor, input: AddEntryInput, options: WriteOptions = {}): Promise<AddEntryResult> {
    const answers = normaliseAnswers(input.additionalFields);
    return this.writer.write(visitor, options, {
      operation: "addEntry",
      input: { ...input, additionalFields: answers },
      createCart: { kind: "STANDARD" },
      work: async (tx, cart) => {
        const product = await this.#product(tx, input.itemId);
        if (product.productType === ProductType.PAYWALL) throw new NotAllowedError(checkoutMessages.notPurchasable);
        if (product.isSubscribable) throw new NotAllowedError(checkoutMessages.subscriptionNeedsCheckout);
        const quantity = requireQuantity(input.quantity);
        const unit = chooseUnit(product, input);
        const storedAnswers = checkAnswers(product, answers);
        const delivery = product.productType === ProductType.GIFT_CARD && input.giftDelivery ? parseInput(giftCardDeliveryInput, input.giftDelivery) : null;
        const { entries, entryId } = await addUnits(tx, cart, product.id, unit, quantity, storedAnswers, delivery, this.now());
        const view = await priceCart(tx, cart, entries, await this.#sources());
        const newlyAdded = view.entries.find((entry) => entry.id === entryId);
        if (!newlyAdded) throw new NotFoundError(checkoutMessages.entryNotFound);
        return { cartId: cart.id, cartToken: cart.token, cart: view, newlyAdded };
      },
    });
  }

  /** The cart's entry with this id, from the entries the writer read under the cart's lock. */
  #entry(cart: CartRow, entryId: string) {
    const entry = isEntryId(entryId) ? cart.entries.find((candidate) => candidate.id === entryId) : undefined;
    if (!entry) throw new NotFoundError(checkoutMessages.entryNotFound);
    return entry;
  }

  /** Sets an entry's quantity (1..9999), within the stock left after the cart's other entries. */
  updateEntryQuantity(visitor: Visitor, entryId: string, quantityInput: unknown, options: WriteOptions = {}): Promise<CartResult> {
    return this.writer.write(visitor, options, {
      operation: "updateEntryQuantity",
      input: { entryId, quantity: quantityInput },
      work: async (tx, cart) => {
        const quantity = requireQuantity(quantityInput);
        const entry = this.#entry(cart, entryId);
        const q = sql(tx);
        if (entry.variantId !== null) {
          const variant = await variantStock(tx, entry.variantId, { websiteId: cart.websiteId, now: this.now(), exceptCartId: cart.id });
          if (!variant) throw new NotFoundError(checkoutMessages.entryNotFound);
          const others = cart.entries
            .filter((other) => other.variantId === entry.variantId && other.id !== entry.id)
            .reduce((sum, other) => sum + other.quantity, 0);
          if (!canAddQuantity(variant, others, quantity)) throw new NotEnoughStockError();
        }
        await q.updateTable("CartEntry").set({ quantity }).where("id", "=", entry.id).execute();
        return this.#result(tx, cart);
      },
    });
  }

  removeEntry(visitor: Visitor, entryId: string, options: WriteOptions = {}): Promise<CartResult> {
    return this.writer.write(visitor, options, {
      operation: "removeEntry",
      input: { entryId },
      work: async (tx, cart) => {
        const entry = this.#entry(cart, entryId);
        await sql(tx).deleteFrom("CartEntry").where("id", "=", entry.id).execute();
        return this.#result(tx, cart);
      },
    });
  }

  /** Replaces an entry's form answers after validating them against the product's form. */
  updateEntryAdditionalFields(
    visitor: Visitor,
    entryId: string,
    additionalFields: Record<string, unknown> | null,
    options: WriteOptions = {},
  ): Promise<UpdateEntryResult> {
    const answers = normaliseAnswers(additionalFields);
    return this.writer.write(visitor, options, {
      operation: "updateEntryAdditionalFields",
      input: { entryId, additionalFields: answers },
      work: async (tx, cart) => {
        const entry = this.#entry(cart, entryId);
        const stored = checkAnswers(await this.#product(tx, entry.productId), answers);
        await sql(tx)
          .updateTable("CartEntry")
          .set({ additionalFields: stored === null ? null : canonicalJson(stored) })
          .where("id", "=", entry.id)
          .execute();
        const result = await this.#result(tx, cart);
        const updatedEntry = result.cart.entries.find((candidate) => candidate.id === entry.id);
        if (!updatedEntry) throw new NotFoundError(checkoutMessages.entryNotFound);
        return { ...result, updatedEntry };
      },
    });
  }

  applyCoupon(visitor: Visitor, codeInput: string, options: WriteOptions = {}): Promise<CartResult> {
    const code = codeInput.trim().toUpperCase();
    return this.writer.write(visitor, options, {
      operation: "applyCoupon",
      input: { code },
      work: async (tx, cart) => {
        const coupon = code ? await tx.coupon.findUnique({ where: { websiteId_code: { websiteId: cart.websiteId, code } } }) : null;
        const current = await this.#result(tx, cart);
        const problem = couponProblem(coupon, current.cart.subtotalCents, this.now());
        if (problem) throw new CouponError(problem);
        const codes = parseJsonArray<string>(cart.couponCodes);
        if (!codes.includes(code)) await tx.cart.update({ where: { id: cart.id }, data: { couponCodes: JSON.stringify([...codes, code]) } });
        return this.#result(tx, cart);
      },
    });
  }

  removeCoupon(visitor: Visitor, codeInput: string, options: WriteOptions = {}): Promise<CartResult> {
    const code = codeInput.trim().toUpperCase();
    return this.writer.write(visitor, options, {
      operation: "removeCoupon",
      input: { code },
      work: async (tx, cart) => {
        const codes = parseJsonArray<string>(cart.couponCodes);
        if (!codes.includes(code)) throw new CouponError(checkoutMessages.couponNotApplied);
        await tx.cart.update({ where: { id: cart.id }, data: { couponCodes: JSON.stringify(codes.filter((applied) => applied !== code)) } });
        return this.#result(tx, cart);
      },
    });
  }

  /**
   * Applies a gift card code (issue 12): it pays the cart's grand total up to its balance, in its own
   * currency. Wrong codes count against the visitor's tries (GIFT_CARD_TRY_BUDGET).
   */
  async applyGiftCard(visitor: Visitor, codeInput: string, options: WriteOptions = {}): Promise<CartResult> {
    const code = normaliseGiftCardCode(parseInput(giftCardCodeInput, codeInput));
    const triesKey = visitor.crumb ?? visitor.cartToken ?? "anonymous";
    const wait = await this.#giftCardTries.retryAfter(triesKey);
    if (wait > 0) throw new RateLimitedError(wait);
    return this.writer.write(visitor, options, {
      operation: "applyGiftCard",
      input: { code },
      work: async (tx, cart) => {
        const card = await tx.giftCard.findFirst({ where: { websiteId: cart.websiteId, code } });
        if (!card) {
          const locked = await this.#giftCardTries.take(triesKey);
          if (locked > 0) throw new RateLimitedError(locked);
        }
        const problem = giftCardProblem(card, cart.currency);
        if (problem) throw new GiftCardError(problem);
        const current = await this.#result(tx, cart);
        if (!giftCardsCanPayAny(current.cart.entries, cart.kind)) throw new GiftCardError(checkoutMessages.giftCardNothingToPay);
        const codes = parseJsonArray<string>(cart.giftCardCodes);
        if (!codes.includes(code)) await tx.cart.update({ where: { id: cart.id }, data: { giftCardCodes: JSON.stringify([...codes, code]) } });
        return this.#result(tx, cart);
      },
    });
  }

  removeGiftCard(visitor: Visitor, codeInput: string, options: WriteOptions = {}): Promise<CartResult> {
    const code = normaliseGiftCardCode(parseInput(giftCardCodeInput, codeInput));
    return this.writer.write(visitor, options, {
      operation: "removeGiftCard",
      input: { code },
      work: async (tx, cart) => {
        const codes = parseJsonArray<string>(cart.giftCardCodes);
        if (!codes.includes(code)) throw new GiftCardError(checkoutMessages.giftCardNotApplied);
        await tx.cart.update({ where: { id: cart.id }, data: { giftCardCodes: JSON.stringify(codes.filter((applied) => applied !== code)) } });
        return this.#result(tx, cart);
      },
    });
  }

  selectShippingOption(visitor: Visitor, shippingOptionId: number, options: WriteOptions = {}): Promise<CartResult> {
    return this.writer.write(visitor, options, {
      operation: "selectShippingOption",
      input: { shippingOptionId },
      work: async (tx, cart) => {
        const settings = await this.settings.get();
        const location = cart.shippingCountry ? { country: cart.shippingCountry, region: cart.shippingRegion } : null;
        // Only an option that reaches the cart's address (issue 14, shipping zones).
        if (!reachingOptions(settings, location).some((option) => option.id === shippingOptionId)) {
          throw new NotFoundError(checkoutMessages.shippingOptionNotFound);
        }
        await tx.cart.update({ where: { id: cart.id }, data: { selectedShippingOptionId: shippingOptionId } });
        return this.#result(tx, cart);
      },
    });
  }

  /** Where the order ships: decides which tax rules apply. */
  setShippingLocation(visitor: Visitor, location: ShippingLocationInput, options: WriteOptions = {}): Promise<CartResult> {
    const country = location.country.trim().toUpperCase();
    const region = location.region?.trim().toUpperCase() || null;
    const postalCode = location.postalCode?.trim() || null;
    return this.writer.write(visitor, options, {
      operation: "setShippingLocation",
      input: { country, region, postalCode },
      work: async (tx, cart) => {
        if (!isCountryCode(country)) throw new InvalidInputError(checkoutMessages.shippingAddressRequired);
        await tx.cart.update({ where: { id: cart.id }, data: { shippingCountry: country, shippingRegion: region, shippingPostalCode: postalCode } });
        return this.#result(tx, cart);
      },
    });
  }

  /**
   * A subscription checkout: a new one-item cart for a subscribable product, apart from the
   * visitor's cart. The returned token opens it at checkout.
   */
  async startSubscriptionCheckout(
    input: AddEntryInput,
    options: WriteOptions & { crumb?: string | null } = {},
  ): Promise<{ cartToken: string; cartId: string }> {
    await this.plan.requireCheckoutOpen();
    const answers = normaliseAnswers(input.additionalFields);
    const result = await this.writer.write({ cartToken: null, crumb: options.crumb ?? null }, options, {
      operation: "startSubscriptionCheckout",
      input: { ...input, additionalFields: answers },
      createCart: { kind: "SUBSCRIPTION" },
      work: async (tx, cart) => {
        const product = await this.#product(tx, input.itemId);
        if (!product.isSubscribable || !product.hasSubscriptionPlan) throw new NotAllowedError(checkoutMessages.notSubscribable);
        const quantity = requireQuantity(input.quantity);
        const unit = chooseUnit(product, input);
        await addUnits(tx, cart, product.id, unit, quantity, checkAnswers(product, answers), null, this.now());
        return { cartId: cart.id, cartToken: cart.token };
      },
    });
    return result;
  }
}
