// Money formatters the reference engine only stubs (template-language.md §12.7: they pass their input
// through), implemented as the Java engine does, plus the zero-amount formatter of
// platform-support.md §5:
//
//   money-format, moneyFormat  minor units → "1,234.50" (two decimals, ',' grouping; fractional cents
//                              round half away from zero)
//   money-string               the same in the legacy money span: <span class="sqs-money-native">1,234.50</span>
//   i18n-money-format [LOCALE] {decimalValue, currencyCode} → CLDR currency text for LOCALE (default,
//                              and for an unknown LOCALE: the render's locale, the site's), e.g.
//                              "$1,234.50", "1.234,50 €"; remaining
//                              arguments are the currency options of §12.5.1
//   money-or-free LABEL        a money object as the `money` formatter prints it, or LABEL when the
//                              amount is zero; without LABEL it records an error and prints the amount
import { Formatter, Node, type Context, type FormatterTable, type Variable } from "@squarespace/template-engine";
import { currencyOptions } from "@squarespace/template-engine/lib/plugins/options";
import { parseDecimal } from "@squarespace/template-engine/lib/plugins/util.i18n";
import type { CLDR, CurrencyType, Decimal } from "@phensley/cldr";
import { formatAmount } from "../../domain/money.ts";
import { cldrFor, UnknownLocaleError } from "../locale.ts";

function engineError(ctx: Context, message: string): void {
  ctx.error({ type: "engine", message: `RuntimeError: ${message}` });
}

/** Minor units as the store prints them: "1,234.50"; null when the amount is beyond whole cents' safe range. */
function formatMinorUnits(node: Node): string | null {
  const number = node.asNumber();
  const amount = Number.isFinite(number) ? number : 0;
  // Rounding half away from zero, as the legacy money markup does (§12.3.1).
  const cents = Math.sign(amount) * Math.round(Math.abs(amount));
  if (!Number.isSafeInteger(cents)) return null;
  return formatAmount({ value: cents === 0 ? 0 : cents, currency: "USD" });
}

class MoneyFormatFormatter extends Formatter {
  constructor(private readonly wrap: (amount: string) => string) {
    super();
  }
  apply(_args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    // A missing value prints nothing (issue 12 item 6); a value that is not a number prints 0.00.
    if (first.node.isMissing()) {
      first.set("");
      return;
    }
    const amount = formatMinorUnits(first.node);
    if (amount === null) {
      engineError(ctx, `money-format: the amount ${first.node.asString()} is too large`);
      first.set("");
      return;
    }
    first.set(this.wrap(amount));
  }
}

interface MoneyParts {
  amount: Decimal;
  currency: CurrencyType;
}

/** `{decimalValue, currencyCode}` (or, with `either`, the `{value, currency}` form too), or null. */
function moneyParts(node: Node, either: boolean): MoneyParts | null {
  let amount = node.get("decimalValue");
  let currency = node.get("currencyCode");
  if (either && (amount.isMissing() || currency.isMissing())) {
    amount = node.get("value");
    currency = node.get("currency");
  }
  if (amount.isMissing() || currency.isMissing()) return null;
  const decimal = parseDecimal(amount.asString());
  const code = currency.asString().trim();
  if (decimal === undefined || !/^[A-Za-z]{3}$/.test(code)) return null;
  return { amount: decimal, currency: code.toUpperCase() as CurrencyType };
}

class I18nMoneyFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    let cldr: CLDR | undefined = ctx.cldr;
    let options = args;
    // A first argument without ':' is the locale.
    if (args.length > 0 && args[0] !== "" && !args[0].includes(":")) {
      options = args.slice(1);
      try {
        cldr = cldrFor(args[0]);
      } catch (error) {
        if (!(error instanceof UnknownLocaleError)) throw error;
        // An unknown locale falls back to the site's (the render's) locale (issue 12 item 6).
      }
    }
    const money = moneyParts(first.node, false);
    first.set(cldr && money ? cldr.Numbers.formatCurrency(money.amount, money.currency, currencyOptions(options)) : "");
  }
}

class MoneyOrFreeFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const label = args.join(" ").trim();
    if (!label) engineError(ctx, "money-or-free: no free label given, e.g. {price|money-or-free Free}");
    const money = moneyParts(first.node, true);
    if (!money) {
      first.set("");
    } else if (money.amount.isZero() && label) {
      first.set(label);
    } else {
      first.set(ctx.cldr ? ctx.cldr.Numbers.formatCurrency(money.amount, money.currency) : "");
    }
  }
}

export const MONEY_FORMATTERS: FormatterTable = {
  "money-format": new MoneyFormatFormatter((amount) => amount),
  moneyFormat: new MoneyFormatFormatter((amount) => amount),
  "money-string": new MoneyFormatFormatter((amount) => `<span class="sqs-money-native">${amount}</span>`),
  "i18n-money-format": new I18nMoneyFormatter(),
  "money-or-free": new MoneyOrFreeFormatter(),
};
