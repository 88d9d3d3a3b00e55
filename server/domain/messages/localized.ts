// The messages in a visitor's language (issue 12 item 4): English (messages.ts) with the language's
// catalogue laid over it. The server uses it for the texts it words (the add button's label...); the
// client imports it only from its lazily loaded French chunk (client/i18n/french.ts), never from the
// main bundle: it brings intl-messageformat along.
import { IntlMessageFormat } from "intl-messageformat";
import { compileCatalogue } from "./catalogue.ts";
import { messages } from "./storefront.ts";
import { messagesFr } from "./storefront-fr.ts";

export type Messages = typeof messages;

const catalogues: Readonly<Record<string, Readonly<Record<string, string | undefined>>>> = { fr: messagesFr };
const compiled = new Map<string, Messages>();

/** The language's catalogue (a language of the site without one gets English). */
export function catalogueFor(locale: string | null | undefined): Readonly<Record<string, string | undefined>> | null {
  return locale ? (catalogues[locale.split("-")[0].toLowerCase()] ?? null) : null;
}

/** messages.ts in `locale`: every key, translated where the language's catalogue has it. */
export function messagesFor(locale: string | null | undefined): Messages {
  const catalogue = catalogueFor(locale);
  if (!locale || !catalogue) return messages;
  let localized = compiled.get(locale);
  if (!localized) {
    localized = { ...messages, ...compileCatalogue(catalogue, locale, (text, tag) => new IntlMessageFormat(text, tag)) } as Messages;
    if (compiled.size < 32) compiled.set(locale, localized);
  }
  return localized;
}
