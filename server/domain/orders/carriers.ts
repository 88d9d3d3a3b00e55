// The carriers an owner picks from when fulfilling (issue 24): each with its public tracking page for a
// number. Any other carrier is free text and gets no link. Tracking numbers are trimmed, printable and
// at most 64 characters; the pages take them URL-encoded.

export interface Carrier {
  /** What is stored on the shipment and shown to the shopper. */
  name: string;
  /** The tracking page of a number (already URL-encoded). */
  trackingUrl: (number: string) => string;
}

export const CARRIERS: readonly Carrier[] = [
  { name: "UPS", trackingUrl: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { name: "USPS", trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  { name: "FedEx", trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { name: "DHL Express", trackingUrl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}` },
  { name: "Royal Mail", trackingUrl: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  { name: "Canada Post", trackingUrl: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}` },
  { name: "Australia Post", trackingUrl: (n) => `https://auspost.com.au/mypost/track/details/${n}` },
  { name: "La Poste / Colissimo", trackingUrl: (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${n}` },
  { name: "DPD", trackingUrl: (n) => `https://tracking.dpd.de/status/en_US/parcel/${n}` },
  { name: "GLS", trackingUrl: (n) => `https://gls-group.com/track/${n}` },
  { name: "PostNL", trackingUrl: (n) => `https://jouw.postnl.nl/track-and-trace/${n}` },
  { name: "Deutsche Post / DHL Paket", trackingUrl: (n) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}` },
];

export const MAX_TRACKING_NUMBER_LENGTH = 64;
export const MAX_CARRIER_LENGTH = 64;

/** The known carrier of that name (any case, surrounding spaces ignored); null for any other. */
export function findCarrier(name: string | null | undefined): Carrier | null {
  const wanted = name?.trim().toLowerCase();
  return wanted ? (CARRIERS.find((carrier) => carrier.name.toLowerCase() === wanted) ?? null) : null;
}

/** Printable only: no control characters (tabs, newlines, NUL…), nothing invisible. */
export const isPrintable = (text: string): boolean => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(text);

/** The tracking page of a number with a known carrier; null for free-text carriers or without a number. */
export function trackingUrlFor(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const known = findCarrier(carrier);
  const number = trackingNumber?.trim();
  return known && number ? known.trackingUrl(encodeURIComponent(number)) : null;
}
