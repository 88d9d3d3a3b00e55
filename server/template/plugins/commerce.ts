// The commerce formatters and predicates that decide a product state, replaced so that the state
// comes from server/domain (the library has its own copy of each rule in util.commerce). The markup
// is still the library's: each formatter computes its record with our rules, then runs the
// library's compiled layout (lib/plugins/templates/*.json), so the HTML is the reference's to the
// byte (template-language.md §14).
import {
  Formatter,
  isTruthy,
  MISSING_NODE,
  Node,
  PredicatePlugin,
  Type,
  type Context,
  type FormatterTable,
  type PredicateTable,
  type RootCode,
  type Variable,
} from "@squarespace/template-engine";
import { executeTemplate } from "@squarespace/template-engine/lib/exec";
import {
  getLegacyPriceFromMoneyNode,
  getMoneyString,
  isMultipleQuantityAllowedForServices,
  isSubscribable,
} from "@squarespace/template-engine/lib/plugins/util.commerce";
import { escapeHtmlAttributes, slugify } from "@squarespace/template-engine/lib/plugins/util.string";
import productPriceLayout from "@squarespace/template-engine/lib/plugins/templates/product-price.json";
import quantityInputLayout from "@squarespace/template-engine/lib/plugins/templates/quantity-input.json";
import subscriptionPriceLayout from "@squarespace/template-engine/lib/plugins/templates/subscription-price.json";
import variantsSelectLayout from "@squarespace/template-engine/lib/plugins/templates/variants-select.json";
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut, ProductType } from "../../domain/catalog/product-state.ts";
import { isQuantityInputShown } from "../../domain/cart/quantity.ts";
import { isBillingUnit, planDuration, describePlan } from "../../domain/catalog/subscription.ts";
import { variantOptions } from "../../domain/catalog/variant-selection.ts";
import { fromPriceMoney, legacyPriceFacts, lowestPricedVariant, normalPriceMoney, productTypeOf, salePriceMoney, stockFacts } from "./product-facts.ts";

const layout = (json: unknown) => json as unknown as RootCode;
const PRODUCT_PRICE = layout(productPriceLayout);
const QUANTITY_INPUT = layout(quantityInputLayout);
const SUBSCRIPTION_PRICE = layout(subscriptionPriceLayout);
const VARIANTS_SELECT = escapeSelectLabel(layout(variantsSelectLayout));

const STORE_ITEM = 11;

/**
 * The reference prints the variant select's aria-label raw (§14.6), so a quote in an option name
 * would end the attribute. Our copy of the layout escapes it as the <option> text beside it is
 * escaped; for names without & < > " the markup is the reference's.
 */
function escapeSelectLabel(code: RootCode): RootCode {
  const copy = structuredClone(code);
  let patched = 0;
  const visit = (node: unknown): void => {
    if (!Array.isArray(node)) return;
    // A VARIABLE instruction printing selectText through `message` only: the aria-label.
    if (node[0] === 1 && JSON.stringify(node[1]) === '[["selectText"]]' && Array.isArray(node[2]) && node[2].length === 1 && node[2][0][0] === "message") {
      node[2].push(["htmlattr"]);
      patched++;
      return;
    }
    node.forEach(visit);
  };
  visit(copy);
  if (patched !== 1) throw new Error(`variants-select layout: expected one aria-label to escape, found ${patched}`);
  return copy;
}

/** A localized string of the page data, or undefined when the data has none (absent, not empty). */
function localized(ctx: Context, key: string): string | undefined {
  const node = ctx.resolve(["localizedStrings", key]);
  return node.isMissing() ? undefined : node.asString();
}

// Predicates (§13.3): the current value is the product.

class SoldOutPredicate extends PredicatePlugin {
  apply(_args: string[], ctx: Context): boolean {
    return isSoldOut(stockFacts(ctx.node()));
  }
}

class OnSalePredicate extends PredicatePlugin {
  apply(_args: string[], ctx: Context): boolean {
    return isOnSale(stockFacts(ctx.node()));
  }
}

class VariedPricesPredicate extends PredicatePlugin {
  apply(_args: string[], ctx: Context): boolean {
    return hasVariedPrices(legacyPriceFacts(ctx.node()));
  }
}

class HasVariantsPredicate extends PredicatePlugin {
  apply(_args: string[], ctx: Context): boolean {
    return hasVariants(stockFacts(ctx.node()));
  }
}

// Prices in minor units (§12.3.2 from-price, normal-price, sale-price).

class MinorUnitsFormatter extends Formatter {
  constructor(private readonly price: (product: Node) => Node) {
    super();
  }
  apply(_args: string[], vars: Variable[]): void {
    const first = vars[0];
    first.set(getLegacyPriceFromMoneyNode(this.price(first.node)).toString());
  }
}

class ProductStatusFormatter extends Formatter {
  apply(_args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const product = first.node;
    const facts = stockFacts(product);
    if (isSoldOut(facts)) {
      const id = product.get("id").asString();
      const merchandising = ctx.resolve(["productMerchandisingContext"]);
      const custom = id && !merchandising.isMissing() ? merchandising.path([id, "customSoldOutText"]).asString() : "";
      const text = custom || ctx.resolve(["localizedStrings", "productSoldOutText"]).asString() || "sold out";
      first.set(`<div class="product-mark sold-out">${escapeHtmlAttributes(text)}</div>`);
    } else if (isOnSale(facts)) {
      const text = ctx.resolve(["localizedStrings", "productSaleText"]).asString() || "sale";
      first.set(`<div class="product-mark sale">${text}</div>`);
    } else {
      first.set(MISSING_NODE);
    }
  }
}

interface PriceRecord {
  fromText?: string;
  formattedFromPrice?: string;
  formattedSalePriceText?: string;
  formattedSalePrice?: string;
  formattedNormalPriceText?: string;
  formattedNormalPrice?: string;
  billingPeriodValue?: number;
  duration?: number;
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** §14.3 product-price: from / sale / normal price, and the subscription wording of §14.3. */
class ProductPriceFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const product = first.node;
    const record: PriceRecord = {};
    if (isSubscribable(product)) this.subscription(args, ctx, product, record);
    else if (productTypeOf(product) !== -1) this.oneTimePurchase(args, ctx, product, record);
    first.set(executeTemplate(ctx, PRODUCT_PRICE, new Node(record), true));
  }

  private prices(args: string[], ctx: Context, product: Node, record: PriceRecord, text: string, fromText: string): void {
    const facts = stockFacts(product);
    if (hasVariedPrices(legacyPriceFacts(product))) {
      record.fromText = fromText;
      record.formattedFromPrice = getMoneyString(fromPriceMoney(product), args, ctx);
    }
    if (isOnSale(facts)) {
      record.formattedSalePriceText = text;
      record.formattedSalePrice = getMoneyString(salePriceMoney(product), args, ctx);
    }
    record.formattedNormalPriceText = text;
    record.formattedNormalPrice = getMoneyString(normalPriceMoney(product), args, ctx);
  }

  private oneTimePurchase(args: string[], ctx: Context, product: Node, record: PriceRecord): void {
    this.prices(args, ctx, product, record, "{price}", localized(ctx, "productPriceFromText") ?? "from {fromPrice}");
  }

  private subscription(args: string[], ctx: Context, product: Node, record: PriceRecord): void {
    const plan = product.path(["structuredContent", "subscriptionPlan"]);
    const period = plan.get("billingPeriod");
    const unit = period.get("unit").asString();
    // A plan without a billing period, or in a unit the store does not bill in, cannot be priced.
    if (period.isMissing() || !isBillingUnit(unit)) {
      record.fromText = localized(ctx, "productPriceUnavailable") ?? "Unavailable";
      record.formattedFromPrice = "true";
      return;
    }
    const value = period.get("value").asNumber();
    const cycles = plan.get("numBillingCycles").asNumber();
    const varied = hasVariedPrices(legacyPriceFacts(product));
    const { duration, unit: durationUnit } = planDuration({ billingPeriod: { value, unit }, numBillingCycles: cycles });
    record.billingPeriodValue = value;
    record.duration = duration;
    // The key of the localized wording (v6 products-2.0 strings), e.g. productPrice__singlePrice__nWeekly__limited__nWeeks.
    const key =
      `productPrice__${varied ? "multiplePrices" : "singlePrice"}__${value === 1 ? "1" : "n"}${capitalize(unit)}ly__` +
      (duration === 0 ? "indefinite" : `limited__${duration === 1 ? "1" : "n"}${capitalize(durationUnit)}s`);
    const text = localized(ctx, key) ?? describePlan({ billingPeriod: { value, unit }, numBillingCycles: cycles }, { variedPrices: varied });
    this.prices(args, ctx, product, record, text, text);
  }
}

/** §14.4 subscription-price: the pricing options of the lowest-priced variant. */
class SubscriptionPriceFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const product = first.node;
    const record: Record<string, string> = {};
    const index = lowestPricedVariant(product);
    const options = index === -1 ? MISSING_NODE : product.path(["structuredContent", "variants", index, "pricingOptions"]);
    if (options.size() > 0) {
      const option = options.get(0);
      const onSale = isTruthy(option.get("onSale"));
      if (hasVariedPrices(legacyPriceFacts(product))) {
        record.fromText = localized(ctx, "productPriceFromText") ?? "from {fromPrice}";
        record.formattedFromPrice = getMoneyString(onSale ? option.get("salePriceMoney") : option.get("priceMoney"), args, ctx);
      }
      if (onSale) {
        record.formattedSubscriptionSalePriceText = "{price}";
        record.formattedSubscriptionSalePrice = getMoneyString(option.get("salePriceMoney"), args, ctx);
      }
      record.formattedNormalSubscriptionPriceText = "{price}";
      record.formattedNormalSubscriptionPrice = getMoneyString(option.get("priceMoney"), args, ctx);
    }
    first.set(executeTemplate(ctx, SUBSCRIPTION_PRICE, new Node(record), true));
  }
}

/** §12.3.2 quantity-input: shown as server/domain/cart/quantity.ts decides. */
class QuantityInputFormatter extends Formatter {
  apply(_args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const product = first.node;
    const shown = isQuantityInputShown(
      { ...stockFacts(product), isSubscribable: isSubscribable(product) },
      { multipleQuantityAllowedForServices: isMultipleQuantityAllowedForServices(ctx.resolve(["websiteSettings"])) },
    );
    first.set(shown ? executeTemplate(ctx, QUANTITY_INPUT, product, false) : MISSING_NODE);
  }
}

/** §14.6 variants-select: the options are those of server/domain/catalog/variant-selection.ts. */
class VariantsSelectFormatter extends Formatter {
  apply(_args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const product = first.node;
    const content = product.get("structuredContent");
    const variants = content.get("variants");
    const ordering = content.get("variantOptionOrdering");
    const names = ordering.type === Type.ARRAY ? (ordering.value as unknown[]).map((name) => new Node(name).asString()) : [];
    if (variants.size() < 2 || names.length === 0) {
      first.set(MISSING_NODE);
      return;
    }
    const selectable = (variants.value as unknown[]).map((variant) => {
      const attributes = new Node(variant).get("attributes");
      return {
        attributes:
          attributes.type === Type.OBJECT ? Object.fromEntries(Object.keys(attributes.value).map((name) => [name, attributes.get(name).asString()])) : {},
      };
    });
    const giftCard = productTypeOf(product) === ProductType.GIFT_CARD;
    const selectText = giftCard
      ? localized(ctx, "giftCardVariantSelectText") || "Select Value"
      : localized(ctx, "productVariantSelectText") || "Select {variantName}";
    const displayText = giftCard ? localized(ctx, "giftCardValueDisplayText") || "Value" : "{name}";
    const record = ctx.newNode({ item: product.value, options: variantOptions(names, selectable), selectText, displayText });
    first.set(executeTemplate(ctx, VARIANTS_SELECT, record, false));
  }
}

const slugifyEach = (prefix: string, node: Node) => {
  let classes = "";
  for (let i = 0; i < node.size(); i++) classes += ` ${prefix}-${slugify(node.get(i).asString())}`;
  return classes;
};

/** §12.2.1 item-classes; the store item's on-sale and sold-out classes use the domain's states. */
class ItemClassesFormatter extends Formatter {
  apply(_args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const item = first.node;
    let classes = "hentry";
    const promoted = ctx.resolve(["promotedBlockType"]);
    if (isTruthy(promoted)) classes += ` promoted promoted-block-${slugify(promoted.asString())}`;
    const categories = ctx.resolve(["categories"]);
    if (isTruthy(categories)) classes += slugifyEach("category", categories);
    const tags = ctx.resolve(["tags"]);
    if (isTruthy(tags)) classes += slugifyEach("tag", tags);
    const author = ctx.resolve(["author"]);
    const displayName = author.get("displayName");
    if (isTruthy(author) && isTruthy(displayName)) classes += ` author-${slugify(displayName.asString())}`;
    classes += ` post-type-${ctx.resolve(["recordTypeLabel"]).asString()}`;
    const index = ctx.resolve(["@index"]);
    if (!index.isMissing()) classes += ` article-index-${index.asNumber()}`;
    if (isTruthy(ctx.resolve(["starred"]))) classes += " featured";
    if (item.get("recordType").asNumber() === STORE_ITEM) {
      const facts = stockFacts(item);
      if (isOnSale(facts)) classes += " on-sale";
      if (isSoldOut(facts)) classes += " sold-out";
    }
    first.set(classes);
  }
}

export const COMMERCE_FORMATTERS: FormatterTable = {
  "from-price": new MinorUnitsFormatter(fromPriceMoney),
  "normal-price": new MinorUnitsFormatter(normalPriceMoney),
  "sale-price": new MinorUnitsFormatter(salePriceMoney),
  "product-status": new ProductStatusFormatter(),
  "product-price": new ProductPriceFormatter(),
  "subscription-price": new SubscriptionPriceFormatter(),
  "quantity-input": new QuantityInputFormatter(),
  "variants-select": new VariantsSelectFormatter(),
  "item-classes": new ItemClassesFormatter(),
};

export const COMMERCE_PREDICATES: PredicateTable = {
  "sold-out?": new SoldOutPredicate(),
  "on-sale?": new OnSalePredicate(),
  "varied-prices?": new VariedPricesPredicate(),
  "has-variants?": new HasVariantsPredicate(),
};
