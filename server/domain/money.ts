// Money travels as minor units with its currency (spec §3, §9). Amounts are integers throughout;
// only formatting divides.

export interface Money {
  /** Amount in the currency's minor units (cents; yen for JPY). */
  value: number;
  /** ISO 4217 code. */
  currency: string;
}

export const DEFAULT_CURRENCY = "USD";

/** Currencies the store supports with 2 decimals (spec §3); JPY has 0. */
export const SUPPORTED_CURRENCIES = [
  "EUR",
  "USD",
  "AUD",
  "NOK",
  "CAD",
  "NZD",
  "DKK",
  "GBP",
  "HKD",
  "CHF",
  "MXN",
  "SGD",
  "SEK",
  "CZK",
  "ILS",
  "PHP",
  "RUB",
  "PLN",
  "THB",
  "MYR",
  "ARS",
  "BRL",
  "COP",
  "IDR",
  "INR",
  "ZAR",
  "JPY",
] as const;

export function isSupportedCurrency(code: string): boolean {
  return (SUPPORTED_CURRENCIES as readonly string[]).includes(code);
}

export function currencyDecimals(currency: string): number {
  return currency.toUpperCase() === "JPY" ? 0 : 2;
}

export function money(value: number, currency: string = DEFAULT_CURRENCY): Money {
  return { value, currency };
}

/** The amount in major units as a plain decimal string: 4500 USD -> "45.00", 4500 JPY -> "4500". */
export function toDecimalValue({ value, currency }: Money): string {
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(value);
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.abs(value)).padStart(decimals + 1, "0");
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * Parses a major-unit decimal string ("45", "45.5", "45.50") into minor units. Returns null for
 * anything that is not a plain non-negative decimal with at most the currency's decimals.
 */
export function fromDecimalValue(decimal: string, currency: string = DEFAULT_CURRENCY): Money | null {
  const decimals = currencyDecimals(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  const value = Number(match[1] + fraction.padEnd(decimals, "0"));
  return Number.isSafeInteger(value) ? { value, currency } : null;
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The amount with ',' thousands and '.' decimal separators, no symbol: 123450 USD -> "1,234.50". */
export function formatAmount(amount: Money): string {
  const decimal = toDecimalValue(amount);
  const negative = decimal.startsWith("-");
  const [integer, fraction] = decimal.replace("-", "").split(".");
  return `${negative ? "-" : ""}${groupThousands(integer)}${fraction === undefined ? "" : `.${fraction}`}`;
}

const symbolCache = new Map<string, string>();

/** The currency's symbol as en-US shows it ("$", "€", "CA$", "¥"). */
export function currencySymbol(currency: string): string {
  let symbol = symbolCache.get(currency);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat("en-US", { style: "currency", currency }).formatToParts(0);
    symbol = parts.find((part) => part.type === "currency")?.value ?? currency;
    symbolCache.set(currency, symbol);
  }
  return symbol;
}

/**
 * Display text for an amount. Without a locale (or for en-US) the store's own format: symbol, ','
 * thousands, '.' decimals, the currency's decimals ("$1,234.50", "-$5.00", "¥4,500"). Other locales
 * go through Intl ("1.234,50 €" for de-DE).
 */
export function formatMoney(amount: Money, locale?: string): string {
  if (locale && locale !== "en-US" && locale !== "en") {
    const decimals = currencyDecimals(amount.currency);
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency: amount.currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(amount.value / 10 ** decimals);
  }
  const text = `${currencySymbol(amount.currency)}${formatAmount({ ...amount, value: Math.abs(amount.value) })}`;
  return amount.value < 0 ? `-${text}` : text;
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return { value: a.value + b.value, currency: a.currency };
}

export function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new Error(`Cannot combine ${a.currency} and ${b.currency} amounts`);
}

/**
 * A percentage of an amount, in minor units, rounded half away from zero. The rate is in thousandths
 * of a percent (8875 = 8.875 %), so that every rate a store can enter stays an integer.
 */
export function percentOf(value: number, rateMillipercent: number): number {
  const exact = (value * rateMillipercent) / 100_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}
