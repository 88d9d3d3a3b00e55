// The consent banner (issue 11): shown when the owner turned it on and the visitor has not answered.
// Accept stores ss_cookieAllowed=true and starts tracking; Decline stores the answer only and clears
// the tracking cookies. It sits first in the document, so keyboard users reach it first; once answered
// it goes away and the focus moves to the page's main content. Loaded only when it shows.
import { useRef } from "react";
import { createRoot } from "react-dom/client";
import { consentMessagesFor, type ConsentMessages } from "../../../server/domain/messages/consent.ts";
import "./consent-banner.css";

export function ConsentBanner({ texts, onAnswer }: { texts: ConsentMessages; onAnswer: (accepted: boolean) => void }) {
  const answered = useRef(false);
  const answer = (accepted: boolean) => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(accepted);
  };
  return (
    <section className="consent-banner" role="region" aria-label={texts.consentBannerLabel} aria-describedby="consent-banner-text">
      <p id="consent-banner-text">{texts.consentBannerText}</p>
      <div className="consent-banner-actions">
        <button type="button" className="button primary" onClick={() => answer(true)}>
          {texts.consentAccept}
        </button>
        <button type="button" className="button" onClick={() => answer(false)}>
          {texts.consentDecline}
        </button>
      </div>
    </section>
  );
}

/** Mounts the banner first in the body; `onAnswer` runs once, after which the banner is removed. */
export function mountConsentBanner(lang: string, onAnswer: (accepted: boolean) => void): void {
  const host = document.createElement("div");
  host.id = "consent-banner";
  document.body.prepend(host);
  const root = createRoot(host);
  root.render(
    <ConsentBanner
      texts={consentMessagesFor(lang)}
      onAnswer={(accepted) => {
        onAnswer(accepted);
        root.unmount();
        host.remove();
        const main = document.getElementById("main");
        if (main) {
          if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
          main.focus();
        }
      }}
    />,
  );
}
