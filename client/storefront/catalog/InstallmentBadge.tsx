// The pay-later badge and its popup (spec §2, §4, §5, §9): shown only when every item is physical
// and the store's country and the shopper's language are supported; in range it offers 4
// installments, else it says 'available for orders over/up to {amount}'. The pill turns white on
// dark backgrounds. The popup opens from the pill or the info button and closes on its button, Escape,
// or a click outside.
import { lazy, Suspense, useLayoutEffect, useRef, useState } from "react";
import { installmentOffer, isPayLaterEligible, isPayLaterLocale, payLaterModalLocale } from "../../../server/domain/cart/installments.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { Money } from "../../../server/domain/money.ts";
import { ProductType } from "../../../server/domain/catalog/product-state.ts";

// The popup (and the lightbox it uses) loads when it first opens.
const InstallmentPopup = lazy(() => import("./InstallmentPopup.tsx"));

export interface PayLater {
  readonly enabled: boolean;
  readonly accountCountry: string;
  /** The provider's own modal can be fetched (PAY_LATER_MODAL_URL is configured). */
  readonly modalAvailable?: boolean;
  readonly minimum: { readonly value: number };
  readonly maximum: { readonly value: number };
}

/** GraphQL's product type names as the domain's numbers. */
export const productTypeNumber = (name: string) => ProductType[name as keyof typeof ProductType] ?? 0;

/** Relative luminance of a CSS rgb()/rgba() colour, or null when it is transparent or unreadable. */
function luminance(color: string): number | null {
  const match = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(color);
  if (!match || match[4] === "0") return null;
  const [r, g, b] = match.slice(1, 4).map((channel) => {
    const value = Number(channel) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Whether the first painted background behind an element is dark. */
export function onDarkBackground(element: HTMLElement | null): boolean {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const light = luminance(getComputedStyle(node).backgroundColor);
    if (light !== null) return light < 0.4;
  }
  return false;
}

export function InstallmentBadge({
  amount,
  productTypes,
  payLater,
  language,
}: {
  amount: Money;
  productTypes: readonly number[];
  payLater: PayLater;
  language?: string;
}) {
  const pill = useRef<HTMLDivElement>(null);
  const [inverted, setInverted] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => setInverted(onDarkBackground(pill.current)), []);
  const shopperLanguage = language ?? (typeof navigator === "undefined" ? "en" : navigator.language);
  if (!payLater.enabled || !isPayLaterEligible(productTypes) || !isPayLaterLocale(payLater.accountCountry, shopperLanguage)) return null;
  const offer = installmentOffer(amount, { min: payLater.minimum.value, max: payLater.maximum.value });
  return (
    <div ref={pill} className={`installment-pill${inverted ? " inverted" : ""}${offer.inRange ? "" : " out-of-range"}`}>
      {/* The pill opens the popup too (spec §2 'Opens from the pill or the info button'). */}
      <button type="button" className="installment-text" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {offer.text}
      </button>
      <button type="button" className="installment-info" aria-label={messages.payLaterAbout} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        i
      </button>
      {open ? (
        <Suspense fallback={null}>
          <InstallmentPopup
            modalLocale={payLater.modalAvailable ? payLaterModalLocale(payLater.accountCountry, shopperLanguage) : null}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
