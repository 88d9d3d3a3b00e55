// Pay-later (installment) messaging (spec storefront §5 "Installment", §9): offered only when every
// item is a physical product, in a supported country and language, for an amount above the
// provider's minimum and at most its maximum; otherwise the out-of-range text names the bound.
import { messages } from "../messages/storefront.ts";
import { formatMoney, type Money } from "../money.ts";
import { ProductType } from "../catalog/product-state.ts";

export const DEFAULT_INSTALLMENT_COUNT = 4;

/** The provider's modal locale when it has none for the shopper's (spec §5: 'The modal locale falls back to en_US'). */
export const PAY_LATER_MODAL_FALLBACK_LOCALE = "en_US";

/** Countries the provider serves, with the shopper languages it speaks there. */
export const PAY_LATER_LOCALES: Readonly<Record<string, readonly string[]>> = {
  US: ["en"],
  CA: ["en", "fr"],
  AU: ["en"],
  NZ: ["en"],
  GB: ["en"],
};

/** The United States and its territories (spec platform-support §9): one pay-later market, the US's. */
export const US_AND_TERRITORIES = ["US", "PR", "GU", "VI", "MP", "AS", "UM"] as const;

/** The countries a store's payment account may be in for pay-later: the provider's, and the US territories. */
export const PAY_LATER_ACCOUNT_COUNTRIES = [...US_AND_TERRITORIES, "CA", "AU", "NZ", "GB"] as const;

/** The provider's market for an account country: a US territory is served as the US. */
const marketOf = (accountCountry: string) => {
  const upper = accountCountry.toUpperCase();
  return (US_AND_TERRITORIES as readonly string[]).includes(upper) ? "US" : upper;
};

/** The language part of a BCP 47 tag or a Java-style locale ("fr-CA", "en_US" -> "fr", "en"). */
const languageOf = (locale: string) => locale.toLowerCase().split(/[-_]/)[0];

export function isPayLaterLocale(accountCountry: string, shopperLanguage: string): boolean {
  return PAY_LATER_LOCALES[marketOf(accountCountry)]?.includes(languageOf(shopperLanguage)) ?? false;
}

/** Pay-later messaging is offered only when every item is a physical product. */
export function isPayLaterEligible(productTypes: readonly number[]): boolean {
  return productTypes.length > 0 && productTypes.every((type) => type === ProductType.PHYSICAL);
}

/** The provider's modal locale, e.g. fr_CA; unsupported combinations fall back to en_US. */
export function payLaterModalLocale(accountCountry: string, shopperLanguage: string): string {
  return isPayLaterLocale(accountCountry, shopperLanguage) ? `${languageOf(shopperLanguage)}_${marketOf(accountCountry)}` : PAY_LATER_MODAL_FALLBACK_LOCALE;
}

export type InstallmentOffer = { inRange: true; count: number; installment: Money; text: string } | { inRange: false; text: string };

/**
 * What the badge says for an amount: in range (above the minimum, at most the maximum) the
 * installments; otherwise 'available for orders over {min}' or 'available for orders up to {max}'.
 * The last installment carries the odd cents, so the count times the shown amount may fall short
 * of the total by less than one installment's cents.
 */
export function installmentOffer(amount: Money, bounds: { min: number; max: number }, count = DEFAULT_INSTALLMENT_COUNT): InstallmentOffer {
  if (amount.value <= bounds.min) return { inRange: false, text: messages.payLaterOver(formatMoney({ value: bounds.min, currency: amount.currency })) };
  if (amount.value > bounds.max) return { inRange: false, text: messages.payLaterUpTo(formatMoney({ value: bounds.max, currency: amount.currency })) };
  const installment = { value: Math.floor(amount.value / count), currency: amount.currency };
  return { inRange: true, count, installment, text: messages.payLaterInstallments(count, formatMoney(installment)) };
}

/** A modal locale the provider may have: a supported language in a supported market (en_US, fr_CA...). */
export function isPayLaterModalLocale(locale: string): boolean {
  const match = /^([a-z]{2})_([A-Z]{2})$/.exec(locale);
  return match !== null && (PAY_LATER_LOCALES[match[2]]?.includes(match[1]) ?? false);
}
