// Currencies as Stripe takes them: amounts are integers in the currency's minor unit, except for the
// zero-decimal currencies (JPY, KRW...) whose amount is in the major unit; Stripe's minimum charge
// amounts for the currencies it lists; the list of presentment currencies it accepts.
import { invalidRequest } from "./errors.ts";

/** Stripe's presentment currencies (lowercase ISO 4217). */
export const SUPPORTED_CURRENCIES = new Set(
  (
    "usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp byn bzd cad cdf chf clp cny cop crc cve czk " +
    "djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ils inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd " +
    "kzt lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr pln pyg qar ron " +
    "rsd rub rwf sar sbd scr sek sgd shp sle sos srd std szl thb tjs tnd top try ttd twd tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw"
  ).split(" "),
);

/** Amounts in these currencies are whole units: 500 JPY is ¥500. */
export const ZERO_DECIMAL_CURRENCIES = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);

/** Stripe's minimum charge amounts, in the amount's own unit (minor, or whole for zero-decimal currencies). */
export const MINIMUM_AMOUNTS: Record<string, number> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
};

/** Stripe's largest amount for a charge: 99999999 in the amount's unit. */
export const MAXIMUM_AMOUNT = 99_999_999;

/** "$0.50", "€12.00", "¥50": an amount as Stripe's messages write it. */
export function formatAmount(amount: number, currency: string): string {
  const fractionDigits = ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
  const major = amount / 10 ** fractionDigits;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: fractionDigits }).format(major);
}

/** The currency parameter: lowercase, and one Stripe supports (400, param currency, otherwise). */
export function checkCurrency(value: string): string {
  const currency = value.toLowerCase();
  if (!SUPPORTED_CURRENCIES.has(currency)) {
    throw invalidRequest(`Invalid currency: ${value}. Stripe currently supports these currencies: ${[...SUPPORTED_CURRENCIES].join(", ")}`, {
      param: "currency",
    });
  }
  return currency;
}

/** A charge amount: a positive integer between Stripe's minimum for the currency and its maximum. */
export function checkChargeAmount(amount: number, currency: string): void {
  const minimum = MINIMUM_AMOUNTS[currency] ?? 1;
  if (amount < minimum) {
    throw invalidRequest(`Amount must be at least ${formatAmount(minimum, currency)} ${currency}`, { code: "amount_too_small", param: "amount" });
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw invalidRequest(`Amount must be no more than ${formatAmount(MAXIMUM_AMOUNT, currency)}`, { code: "amount_too_large", param: "amount" });
  }
}
