// The French catalogue (issue 12 item 4): ICU messages beside the English source of truth.
import { IntlMessageFormat } from "intl-messageformat";
import { TYPE, isPluralElement, isSelectElement, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { messagesFr } from "../../../server/domain/messages/storefront-fr.ts";
import { compileCatalogue } from "../../../server/domain/messages/catalogue.ts";
import { messagesFor } from "../../../server/domain/messages/localized.ts";

const PLURAL_KEYS = /^(zero|one|two|few|many|other|=\d+)$/;

/** Every plural element of an ICU message, nested ones too. */
function plurals(elements: MessageFormatElement[]): { keys: string[] }[] {
  return elements.flatMap((element) => {
    if (isPluralElement(element) || isSelectElement(element)) {
      const nested = Object.values(element.options).flatMap((option) => plurals(option.value));
      return element.type === TYPE.plural ? [{ keys: Object.keys(element.options) }, ...nested] : nested;
    }
    return [];
  });
}

const entries = Object.entries(messagesFr) as [keyof typeof messages, string][];

describe("the French catalogue", () => {
  it.each(entries)("%s is a key of messages.ts, a valid ICU message with the English arguments", (key, text) => {
    const english = messages[key] as unknown;
    expect(["string", "function"]).toContain(typeof english);
    const format = new IntlMessageFormat(text, "fr");
    const arity = typeof english === "function" ? english.length : 0;
    // Positional arguments {0}..{n-1}: no more than the English function takes.
    const argumentsUsed = [...text.matchAll(/\{(?:has)?(\d+)/g)].map((match) => Number(match[1]));
    for (const index of argumentsUsed) expect(index).toBeLessThan(arity);
    for (const plural of plurals(format.getAst())) {
      expect(plural.keys).toContain("other");
      for (const pluralKey of plural.keys) expect(pluralKey).toMatch(PLURAL_KEYS);
    }
  });

  const french = compileCatalogue(messagesFr, "fr", (text, locale) => new IntlMessageFormat(text, locale)) as unknown as typeof messages;

  it("words emails: the restock email with and without a variant, the newsletter confirmation", () => {
    expect(french.restockSubject("Tasse")).toBe("Tasse est de retour en stock");
    expect(french.restockBody("Chemise", "M / Bleu", "https://s/p")).toBe(
      "Bonne nouvelle : Chemise (M / Bleu) est de retour en stock.\n\nDécouvrez-le ici : https://s/p",
    );
    expect(french.restockBody("Tasse", "", "https://s/p")).toBe("Bonne nouvelle : Tasse est de retour en stock.\n\nDécouvrez-le ici : https://s/p");
    expect(french.newsletterConfirmBody("Nouvelles", "https://s/c")).toContain("recevoir « Nouvelles » en ouvrant ce lien :\n\nhttps://s/c");
  });

  it("keeps strings strings and functions functions", () => {
    expect(french.addToCart).toBe("Ajouter au panier");
    expect(french.selectVariantName("Taille")).toBe("Choisir Taille");
  });

  it("chooses French plural forms: =0 (before one), one, many, other", () => {
    expect(french.cartSummary(0, "0,00 $US")).toBe("Panier : aucun article, 0,00 $US");
    expect(french.cartSummary(1, "5,00 $US")).toBe("Panier : 1 article, 5,00 $US");
    expect(french.cartSummary(3, "15,00 $US")).toBe("Panier : 3 articles, 15,00 $US");
    expect(french.cartSummary(1_000_000, "x")).toBe("Panier : 1\u202f000\u202f000 d’articles, x");
    expect(french.searchFound(2)).toBe("2 résultats");
  });

  it("leaves a key it does not translate out (the English text stays)", () => {
    expect(french).not.toHaveProperty("quantityOutOfRange");
    expect(messagesFor("fr-CA").quantityOutOfRange).toBe("Quantity must be between 1 and 9999.");
    expect(messagesFor("fr-CA").addToCart).toBe("Ajouter au panier");
    expect(messagesFor("de").addToCart).toBe("Add To Cart");
    expect(messagesFor(null).addToCart).toBe("Add To Cart");
  });

  it("rejects a plural key that is not one of ICU's (the catalogue test above would fail on it)", () => {
    const ast = new IntlMessageFormat("{0, plural, one {#} other {#}}", "fr").getAst();
    expect(plurals(ast)[0].keys).toEqual(["one", "other"]);
    expect(() => new IntlMessageFormat("{0, plural, one {#} several {#}}", "fr")).toThrow();
  });
});
