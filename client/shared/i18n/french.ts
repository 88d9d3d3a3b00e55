// The French messages for the client: loaded by catalogue.ts only for French pages, so that
// intl-messageformat and the catalogue stay out of the English bundle.
export { messagesFor } from "../../../server/domain/messages/localized.ts";
