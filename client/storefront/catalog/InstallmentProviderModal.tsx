// The pay-later provider's own modal (spec §7 "GET of the third-party installment modal HTML"), asked
// of our server (which fetches it, falling back to en_US) when the popup opens. It is shown in a
// sandboxed frame: the provider's markup runs no script and reaches nothing of the page. Any failure
// only logs a warning; the popup then keeps the store's own terms (the children).
import { useEffect, useState, type ReactNode } from "react";
import { messages } from "../../../server/domain/messages/storefront.ts";

export const PAY_LATER_MODAL_PATH = "/api/commerce/pay-later/modal";

export default function InstallmentProviderModal({ locale, children }: { locale: string; children: ReactNode }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch(`${PAY_LATER_MODAL_PATH}?locale=${encodeURIComponent(locale)}`, { headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP Status ${response.status}`);
        const body = (await response.json()) as { html?: unknown };
        if (typeof body.html !== "string") throw new Error("no modal in the answer");
        if (live) setHtml(body.html);
      })
      .catch((error: unknown) => console.warn("Unable to load the pay-later modal:", error instanceof Error ? error.message : error));
    return () => {
      live = false;
    };
  }, [locale]);
  if (html === null) return <>{children}</>;
  return <iframe className="installment-provider-modal" title={messages.payLaterTitle} sandbox="" srcDoc={html} />;
}
