// The owner's store settings (issue 10 §2): what each field of the store settings, tax rules and
// coupons may hold. Pure: the service checks an input here and answers its field errors (each next to
// its field in the admin); the admin client imports the same lists (currencies, countries).
import { PAY_LATER_ACCOUNT_COUNTRIES } from "../cart/installments.ts";
import { isKnownCountry } from "../checkout/countries.ts";
import type { FieldError } from "../errors.ts";
import { formMessages } from "../messages/forms.ts";
import { ownerMessages } from "../messages/owner.ts";
import { isSupportedCurrency } from "../money.ts";

export interface StoreSettingsInput {
  currency: string;
  /** Minor units of `currency`. */
  checkoutMinimum: number;
  expressCheckout: boolean;
  multipleQuantityAllowedForServices: boolean;
  payLaterEnabled: boolean;
  /** The provider's bounds, minor units. */
  payLaterMinimum: number;
  payLaterMaximum: number;
  payLaterAccountCountry: string;
}

export interface TaxRuleInput {
  name: string;
  country: string;
  /** Empty: the whole country. */
  region: string;
  /** Thousandths of a percent: 8875 = 8.875 %. */
  rateMillipercent: number;
}

export const COUPON_KINDS = ["PERCENT", "AMOUNT"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export interface CouponInput {
  code: string;
  kind: CouponKind;
  /** PERCENT: thousandths of a percent off (10000 = 10 %). */
  percentOffMillipercent: number;
  /** AMOUNT: minor units off. */
  amountOff: number;
  minimumSubtotal: number;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  active: boolean;
}

/** A rate or a percentage off: at most 100 %. */
export const MAX_MILLIPERCENT = 100_000;
export const MAX_COUPON_CODE = 50;
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const MAX_AMOUNT = 100_000_000_00;

const isAmount = (value: number) => Number.isSafeInteger(value) && value >= 0 && value <= MAX_AMOUNT;

export function storeSettingsProblems(input: StoreSettingsInput): FieldError[] {
  const errors: FieldError[] = [];
  if (!isSupportedCurrency(input.currency)) errors.push({ fieldId: "currency", message: ownerMessages.storeCurrencyUnsupported });
  if (!isAmount(input.checkoutMinimum)) errors.push({ fieldId: "checkoutMinimum", message: ownerMessages.storeAmountInvalid });
  if (!isAmount(input.payLaterMinimum)) errors.push({ fieldId: "payLaterMinimum", message: ownerMessages.storeAmountInvalid });
  if (!isAmount(input.payLaterMaximum)) errors.push({ fieldId: "payLaterMaximum", message: ownerMessages.storeAmountInvalid });
  else if (isAmount(input.payLaterMinimum) && input.payLaterMaximum <= input.payLaterMinimum) {
    errors.push({ fieldId: "payLaterMaximum", message: ownerMessages.storePayLaterMaximumTooLow });
  }
  // The store's country (shipping origin, pay-later market): any country; pay-later only where its provider sells.
  if (!isKnownCountry(input.payLaterAccountCountry)) {
    errors.push({ fieldId: "payLaterAccountCountry", message: ownerMessages.storeCountryUnsupported });
  } else if (input.payLaterEnabled && !(PAY_LATER_ACCOUNT_COUNTRIES as readonly string[]).includes(input.payLaterAccountCountry)) {
    errors.push({ fieldId: "payLaterAccountCountry", message: ownerMessages.storePayLaterCountryUnsupported });
  }
  return errors;
}

export function taxRuleProblems(input: TaxRuleInput, isKnownCountry: (code: string) => boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (input.name.trim() === "") errors.push({ fieldId: "name", message: formMessages.required });
  if (!isKnownCountry(input.country)) errors.push({ fieldId: "country", message: ownerMessages.storeCountryUnsupported });
  if (input.region.length > 10) errors.push({ fieldId: "region", message: ownerMessages.storeRegionInvalid });
  if (!Number.isInteger(input.rateMillipercent) || input.rateMillipercent < 0 || input.rateMillipercent > MAX_MILLIPERCENT) {
    errors.push({ fieldId: "rate", message: ownerMessages.storeRateInvalid });
  }
  return errors;
}

export function couponInputProblems(input: CouponInput): FieldError[] {
  const errors: FieldError[] = [];
  const code = input.code.trim();
  if (code === "") errors.push({ fieldId: "code", message: formMessages.required });
  else if (code.length > MAX_COUPON_CODE || !COUPON_CODE_PATTERN.test(code)) errors.push({ fieldId: "code", message: ownerMessages.storeCouponCodeInvalid });
  if (input.kind === "PERCENT") {
    if (!Number.isInteger(input.percentOffMillipercent) || input.percentOffMillipercent <= 0 || input.percentOffMillipercent > MAX_MILLIPERCENT) {
      errors.push({ fieldId: "percentOff", message: ownerMessages.storeRateInvalid });
    }
  } else if (!isAmount(input.amountOff) || input.amountOff === 0) {
    errors.push({ fieldId: "amountOff", message: ownerMessages.storeAmountInvalid });
  }
  if (!isAmount(input.minimumSubtotal)) errors.push({ fieldId: "minimumSubtotal", message: ownerMessages.storeAmountInvalid });
  if (input.startsAt && input.expiresAt && input.expiresAt.getTime() <= input.startsAt.getTime()) {
    errors.push({ fieldId: "expiresAt", message: ownerMessages.storeCouponEndsBeforeStart });
  }
  if (input.usageLimit !== null && (!Number.isInteger(input.usageLimit) || input.usageLimit < 1)) {
    errors.push({ fieldId: "usageLimit", message: ownerMessages.storeUsageLimitInvalid });
  }
  return errors;
}

/**
 * A stored amount re-expressed in another currency's minor units, keeping its major-unit figure
 * (no exchange rate: 19.99 USD becomes 20 JPY, 20 JPY becomes 20.00 USD). Same decimals: unchanged.
 */
export function rescaleAmount(value: number, fromDecimals: number, toDecimals: number): number {
  if (fromDecimals === toDecimals) return value;
  if (toDecimals > fromDecimals) return value * 10 ** (toDecimals - fromDecimals);
  return Math.round(value / 10 ** (fromDecimals - toDecimals));
}
