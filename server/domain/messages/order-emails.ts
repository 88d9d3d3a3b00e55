// The shopper's emails after the order (issue 24): shipping confirmation (per shipment), cancellation
// and refund, one table per language like the confirmation's (checkout/order-email.ts). English is the
// fallback; composed by domain/orders/order-emails.ts.
export interface OrderFollowUpTexts {
  colon: string;
  shippedSubject: (storeName: string, orderNumber: number) => string;
  shippedIntro: (orderNumber: number, complete: boolean) => string;
  shippedItems: string;
  carrier: string;
  trackingNumber: string;
  trackingLink: (url: string) => string;
  cancelledSubject: (storeName: string, orderNumber: number) => string;
  cancelledBody: (storeName: string, orderNumber: number) => string;
  cancelledRefund: string;
  refundSubject: (storeName: string, orderNumber: number) => string;
  refundIntro: (storeName: string, orderNumber: number, amount: string) => string;
  refundFull: string;
  refundItems: string;
  refundReason: (reason: string) => string;
  reasons: Readonly<Record<string, string>>;
  refundDelay: string;
  seeOrder: (url: string) => string;
}

export const ORDER_FOLLOW_UP_TEXTS: Readonly<Record<string, OrderFollowUpTexts>> = {
  en: {
    colon: ":",
    shippedSubject: (store, n) => `${store}: order #${n} is on its way`,
    shippedIntro: (n, complete) => (complete ? `Good news: the rest of order #${n} has shipped.` : `Good news: part of order #${n} has shipped.`),
    shippedItems: "In this parcel",
    carrier: "Carrier",
    trackingNumber: "Tracking number",
    trackingLink: (url) => `Track your parcel: ${url}`,
    cancelledSubject: (store, n) => `${store}: order #${n} was cancelled`,
    cancelledBody: (store, n) => `${store} cancelled your order #${n}. Nothing from it will be sent.`,
    cancelledRefund: "If you paid for it, you will receive a separate email when the money is refunded.",
    refundSubject: (store, n) => `${store}: a refund for order #${n}`,
    refundIntro: (store, n, amount) => `${store} refunded ${amount} for your order #${n}.`,
    refundFull: "The order is now fully refunded.",
    refundItems: "Refunded items",
    refundReason: (reason) => `Why: ${reason}`,
    reasons: {
      requested_by_customer: "you asked for it.",
      duplicate: "you were charged twice.",
      fraudulent: "the payment looked fraudulent.",
    },
    refundDelay: "The money returns to the card you paid with; your bank may take 5–10 days to show it.",
    seeOrder: (url) => `See your order: ${url}`,
  },
  fr: {
    colon: "\u00a0:",
    shippedSubject: (store, n) => `${store}\u00a0: la commande n° ${n} est en route`,
    shippedIntro: (n, complete) =>
      complete
        ? `Bonne nouvelle\u00a0: le reste de la commande n° ${n} a été expédié.`
        : `Bonne nouvelle\u00a0: une partie de la commande n° ${n} a été expédiée.`,
    shippedItems: "Dans ce colis",
    carrier: "Transporteur",
    trackingNumber: "Numéro de suivi",
    trackingLink: (url) => `Suivre votre colis\u00a0: ${url}`,
    cancelledSubject: (store, n) => `${store}\u00a0: la commande n° ${n} a été annulée`,
    cancelledBody: (store, n) => `${store} a annulé votre commande n° ${n}. Rien ne sera envoyé.`,
    cancelledRefund: "Si vous l'avez payée, un autre e-mail vous confirmera le remboursement.",
    refundSubject: (store, n) => `${store}\u00a0: un remboursement pour la commande n° ${n}`,
    refundIntro: (store, n, amount) => `${store} vous a remboursé ${amount} pour la commande n° ${n}.`,
    refundFull: "La commande est entièrement remboursée.",
    refundItems: "Articles remboursés",
    refundReason: (reason) => `Motif\u00a0: ${reason}`,
    reasons: {
      requested_by_customer: "à votre demande.",
      duplicate: "vous avez été débité deux fois.",
      fraudulent: "le paiement semblait frauduleux.",
    },
    refundDelay: "L'argent revient sur la carte utilisée\u00a0; votre banque peut mettre 5 à 10 jours à l'afficher.",
    seeOrder: (url) => `Voir votre commande\u00a0: ${url}`,
  },
};
