// The client's language (issue 12 item 4): an English page keeps messages.ts; a French page lays the
// French catalogue over it before the app mounts (keys the catalogue leaves out stay English).
import { loadCatalogue } from "../../../client/shared/i18n/catalogue.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";

it("leaves English pages alone, and turns the shared messages French for a French page", async () => {
  await loadCatalogue("en-US");
  expect(messages.addToCart).toBe("Add To Cart");
  await loadCatalogue("fr");
  expect(messages.addToCart).toBe("Ajouter au panier");
  expect(messages.cartSummary(2, "36,00 $US")).toBe("Panier : 2 articles, 36,00 $US");
  expect(messages.cartSummary(1, "18,00 $US")).toBe("Panier : 1 article, 18,00 $US");
  expect(messages.quantityOutOfRange).toBe("Quantity must be between 1 and 9999."); // not translated: stays English
});
