// An address as it is written on a parcel (issue 14): the country's own line layout from Google's
// address data (address-rules.ts), then the country's name. The order confirmation email, the order
// pages and the owner's order screens show addresses through this one function.
import { countryName } from "./countries.ts";
import { usesLocalScript, type AddressRules } from "./address-rules.ts";
import type { PostalAddress } from "./address.ts";

/** How the region is written: the code where it is a postal abbreviation ("NY", "ON"), else its name ("Tokyo"). */
function regionText(rules: AddressRules | null, region: string, local: boolean): string {
  const choice = rules?.regions.find((candidate) => candidate.code.toUpperCase() === region.toUpperCase());
  if (!choice) return region;
  if (/^[A-Z]{1,3}$/i.test(choice.code)) return choice.code;
  return local ? choice.name : choice.latinName;
}

/**
 * The address's lines in the country's layout (`rules`: `loadAddressRules(address.country)`; null: the
 * data's default layout), the country's name in `locale` last. Empty fields leave no empty line and no
 * stray separator ("New York, NY 10118"). The phone is not part of it (see phone.ts `formatPhone`).
 */
export function formatAddressLines(address: PostalAddress, rules: AddressRules | null, locale: string = "en"): string[] {
  const local = rules ? usesLocalScript(rules, locale) : true;
  const format = rules ? (local ? rules.format : rules.latinFormat!) : "%N%n%O%n%A%n%C";
  const value = (letter: string): string => {
    switch (letter) {
      case "N":
        return address.fullName.trim();
      case "O":
        return (address.company ?? "").trim();
      case "A":
        return [address.line1, address.line2 ?? ""]
          .map((line) => line.trim())
          .filter(Boolean)
          .join("%n");
      case "C":
        return address.city.trim();
      case "S":
        return address.region?.trim() ? regionText(rules, address.region.trim(), local) : "";
      case "Z":
        return (address.postalCode ?? "").trim().toUpperCase();
      default:
        return "";
    }
  };
  const lines = format
    .split("%n")
    .map((line) => {
      // Literal text (", ", "〒") is kept only where it joins fields that have values: before the next
      // filled field, and after a filled one unless it opens the line.
      const pieces = line.split(/(%[A-Za-z])/).filter((piece) => piece !== "");
      const isField = (piece: string) => /^%[A-Za-z]$/.test(piece);
      let text = "";
      let filledBefore = false;
      let fieldBefore = false;
      for (const [index, piece] of pieces.entries()) {
        if (isField(piece)) {
          const filled = value(piece[1]!);
          text += filled;
          filledBefore ||= filled !== "";
          fieldBefore = true;
          continue;
        }
        const next = pieces.slice(index + 1).find(isField);
        if (next && value(next[1]!) !== "" && (filledBefore || !fieldBefore)) text += piece;
      }
      return text;
    })
    .flatMap((line) => line.split("%n"))
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const country = countryName(address.country, locale) ?? address.country;
  return [...lines, country];
}
