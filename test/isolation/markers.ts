// Marker text: every object site-objects.ts makes carries `mk<site>-<what>` (mkusd-buyer,
// mkeur-template-v2) in a name, a message or an address, so a row of a site shows in any answer
// that holds it. Requests never carry markers (ids, tokens and codes are not marker text), so a
// marker in an answer was read from the database.
import type { SiteKey } from "../support/two-sites.ts";

const MARKER = /mk(usd|eur)-[a-z0-9-]*[a-z0-9]/gi;

/** The marker words in a text, lower case. */
export function markersIn(text: string): Set<string> {
  return new Set([...text.matchAll(MARKER)].map((match) => match[0].toLowerCase()));
}

/** The site a marker belongs to. */
export const siteOfMarker = (marker: string): SiteKey => marker.slice(2, 5) as SiteKey;

/** The markers of sites other than `site` in a text. */
export const foreignMarkers = (text: string, site: SiteKey): string[] => [...markersIn(text)].filter((marker) => siteOfMarker(marker) !== site);
