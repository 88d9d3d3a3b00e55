// The installment popup (spec §2: opens from the pill or the info button; closes on its button,
// Escape or a click outside), loaded when it first opens so the product page does not carry it.
// With the provider's modal configured it shows that (InstallmentProviderModal), else the store's terms.
import { messages } from "../../../server/domain/messages/storefront.ts";
import InstallmentProviderModal from "./InstallmentProviderModal.tsx";
import { Lightbox } from "../../shared/ui/Lightbox.tsx";

export default function InstallmentPopup({ modalLocale, onClose }: { modalLocale: string | null; onClose(): void }) {
  const terms = <p>{messages.payLaterTerms}</p>;
  return (
    <Lightbox open title={messages.payLaterTitle} onClose={onClose}>
      <h2>{messages.payLaterTitle}</h2>
      {modalLocale ? <InstallmentProviderModal locale={modalLocale}>{terms}</InstallmentProviderModal> : terms}
      <button type="button" className="button" onClick={onClose}>
        {messages.close}
      </button>
    </Lightbox>
  );
}
