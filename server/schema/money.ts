import { InvalidInputError } from "../domain/errors.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { formatMoney, toDecimalValue, type Money } from "../domain/money.ts";
import { builder } from "./builder.ts";

export const MoneyRef = builder.objectRef<Money>("Money").implement({
  description: "An amount of money: `value` in minor units with `currency`, or `decimalValue` with `currencyCode`.",
  fields: (t) => ({
    value: t.exposeInt("value", { description: "Minor units (cents; yen for JPY)." }),
    currency: t.exposeString("currency"),
    decimalValue: t.string({ description: 'Major units as a decimal string ("45.00").', resolve: toDecimalValue }),
    currencyCode: t.string({ resolve: (money) => money.currency }),
    formatted: t.string({
      description: 'Display text ("$45.00"); `locale` formats for another locale ("de-DE": "45,00 $").',
      args: { locale: t.arg.string() },
      resolve: (money, { locale }, ctx) => {
        if (locale) {
          try {
            Intl.getCanonicalLocales(locale);
          } catch {
            throw new InvalidInputError(checkoutMessages.localeInvalid);
          }
        }
        return formatMoney(money, locale ?? ctx.locale ?? undefined);
      },
    }),
  }),
});
