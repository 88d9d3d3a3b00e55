// The owner's product and variant input rules (see domain/inputs.ts): what the owner-products service
// checks and what the GraphQL owner inputs validate at the edge, one schema each.
import { z } from "zod";
import { refusedAs } from "../inputs.ts";
import { checkoutMessages } from "../messages/checkout.ts";
import { ownerMessages } from "../messages/owner.ts";

/** Prices are minor units from 0 to this. */
export const MAX_PRICE = 100_000_000;
/** Stock is units from 0 to this. */
export const MAX_STOCK = 1_000_000;

export const priceInput = refusedAs(z.number().int().min(0).max(MAX_PRICE), ownerMessages.priceInvalid);
export const stockInput = refusedAs(z.number().int().min(0).max(MAX_STOCK), ownerMessages.stockInvalid);

/** Text of at most `max` characters; `blank: false` also refuses text that is only spaces. */
export const textInput = (max: number, { blank = true } = {}) =>
  refusedAs(
    z
      .string()
      .max(max)
      .refine((value) => blank || value.trim() !== ""),
    checkoutMessages.invalidRequest,
  );

/** A list of at most `max` names, each 1 to 100 characters and not only spaces. */
export const nameListInput = (max: number) =>
  refusedAs(
    z
      .array(
        z
          .string()
          .max(100)
          .refine((value) => value.trim() !== ""),
      )
      .max(max),
    checkoutMessages.invalidRequest,
  );

/** A variant's options: at most 20 option name -> value pairs, each 1 to 100 characters. */
export const attributesInput = refusedAs(
  z
    .record(
      z
        .string()
        .max(100)
        .refine((value) => value.trim() !== ""),
      z
        .string()
        .max(100)
        .refine((value) => value.trim() !== ""),
    )
    .refine((value) => Object.keys(value).length <= 20),
  checkoutMessages.invalidRequest,
);

/** The owner's product fields and their rules (GraphQL CreateProductInput / UpdateProductInput). */
export const productFieldRules = {
  name: textInput(200, { blank: false }),
  slug: textInput(100, { blank: false }),
  description: textInput(20_000),
  imageUrl: textInput(2000),
  price: priceInput,
  salePrice: priceInput,
  variantOptionOrdering: nameListInput(10),
  customAddButtonText: textInput(100),
  denominations: z.array(priceInput),
} as const;

/** The owner's variant fields and their rules (GraphQL VariantInput, CreateVariantInput, UpdateVariantInput, SetVariantStockInput). */
export const variantFieldRules = {
  sku: textInput(100, { blank: false }),
  attributes: attributesInput,
  price: priceInput,
  salePrice: priceInput,
  qtyInStock: stockInput,
} as const;

/** The longest billing period: 52 of a unit (a year of weeks). */
export const MAX_BILLING_PERIOD = 52;
/** The most billing cycles a plan may have (0: indefinite). */
export const MAX_BILLING_CYCLES = 999;

/** A subscription plan's rules (GraphQL SubscriptionPlanInput), shared with the admin editor. */
export const subscriptionPlanRules = {
  billingPeriodValue: refusedAs(z.number().int().min(1).max(MAX_BILLING_PERIOD), ownerMessages.billingPeriodInvalid),
  numBillingCycles: refusedAs(z.number().int().min(0).max(MAX_BILLING_CYCLES), ownerMessages.billingCyclesInvalid),
} as const;

/** The most units the scarcity threshold may name. */
export const MAX_SCARCITY_THRESHOLD = 1000;
export const scarcityThresholdInput = refusedAs(z.number().int().min(1).max(MAX_SCARCITY_THRESHOLD), ownerMessages.scarcityThresholdInvalid);
