// Subscription plans and their wording (spec §3 Subscription, §5 Subscriptions; the wording is that of
// template-language.md §14.3).
import { messages } from "../messages/storefront.ts";
import { ProductType } from "./product-state.ts";

export const BILLING_UNITS = ["WEEK", "MONTH", "YEAR"] as const;
export type BillingUnit = (typeof BILLING_UNITS)[number];

export interface SubscriptionPlanFacts {
  billingPeriod: { value: number; unit: string } | null;
  /** 0 means indefinite. */
  numBillingCycles: number;
}

/** Subscriptions can be offered only for physical or service products. */
export function canBeSubscribable(productType: number): boolean {
  return productType === ProductType.PHYSICAL || productType === ProductType.SERVICE;
}

export function isBillingUnit(unit: string): unit is BillingUnit {
  return (BILLING_UNITS as readonly string[]).includes(unit);
}

/** How long a plan runs: value × cycles, in whole years when that is 52 weeks or 12 months per year. */
export function planDuration(plan: { billingPeriod: { value: number; unit: string }; numBillingCycles: number }) {
  let duration = plan.billingPeriod.value * plan.numBillingCycles;
  let unit = plan.billingPeriod.unit;
  if (duration > 0 && unit === "WEEK" && duration % 52 === 0) [duration, unit] = [duration / 52, "YEAR"];
  else if (duration > 0 && unit === "MONTH" && duration % 12 === 0) [duration, unit] = [duration / 12, "YEAR"];
  return { duration, unit };
}

/**
 * The plan's price wording with a `{price}` placeholder: '{price} every month',
 * 'from {price} every 2 weeks for 1 year'; 'Unavailable' when the plan has no billing period.
 */
export function describePlan(plan: SubscriptionPlanFacts, options: { variedPrices: boolean }): string {
  if (!plan.billingPeriod || !isBillingUnit(plan.billingPeriod.unit)) return messages.subscriptionUnavailable;
  const { value, unit } = plan.billingPeriod;
  const every = `every ${value > 1 ? `${value} ` : ""}${unit.toLowerCase()}${value > 1 ? "s" : ""}`;
  let text = `${options.variedPrices ? "from " : ""}{price} ${every}`;
  if (plan.numBillingCycles > 0) {
    const { duration, unit: durationUnit } = planDuration({ billingPeriod: plan.billingPeriod, numBillingCycles: plan.numBillingCycles });
    text += ` for ${duration} ${durationUnit.toLowerCase()}${duration === 1 ? "" : "s"}`;
  }
  return text;
}
