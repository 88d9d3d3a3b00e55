// The consent banner's texts (issue 11), English and French. Only the banner imports this module (it
// loads lazily, when the owner turned the banner on and the visitor has not answered), so no page
// carries these texts otherwise.
export const consentMessages = {
  consentBannerLabel: "Cookie consent",
  consentBannerText: "We use cookies to count visits and improve the store. Do you accept analytics cookies?",
  consentAccept: "Accept",
  consentDecline: "Decline",
};

export type ConsentMessages = typeof consentMessages;

export const consentMessagesFr: ConsentMessages = {
  consentBannerLabel: "Consentement aux cookies",
  consentBannerText: "Nous utilisons des cookies pour compter les visites et améliorer la boutique. Acceptez-vous les cookies de mesure d’audience ?",
  consentAccept: "Accepter",
  consentDecline: "Refuser",
};

/** The banner's texts in the document's language (French for fr and fr-XX, English otherwise). */
export const consentMessagesFor = (lang: string): ConsentMessages => (lang.split("-")[0].toLowerCase() === "fr" ? consentMessagesFr : consentMessages);
