// The French catalogue compiled for the client: loaded by catalogue.ts only for French pages, so that
// intl-messageformat and the texts stay out of the English bundle.
import { IntlMessageFormat } from "intl-messageformat";
import { messagesFr } from "../../server/domain/messages-fr.ts";
import { compileCatalogue } from "./compile.ts";

export const frenchMessages = (locale: string) => compileCatalogue(messagesFr, locale, (text, tag) => new IntlMessageFormat(text, tag));
