// The storefront's language (issue 12 item 4): the server renders the document in the visitor's
// language (<html lang>); before the app mounts, a French page loads the French catalogue and lays it
// over the shared English messages object, so every component's `messages.x` reads French. Changing
// language reloads the page (the server formats money and names for the new one).
import { messages } from "../../../server/domain/messages/storefront.ts";

/** Loads the catalogue of the document's language, if it has one (English needs none). */
export async function loadCatalogue(lang: string): Promise<void> {
  const language = lang.split("-")[0].toLowerCase();
  if (language !== "fr") return;
  const { messagesFor } = await import("./french.ts");
  Object.assign(messages, messagesFor(lang));
}
