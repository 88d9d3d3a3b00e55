// The first owner's setup (issue 23): a site without an owner gets a one-time link to /config/setup;
// its form makes the owner (admin), names the store and sets its currency and country. Pure rules: the
// service (services/site/site-setup.ts) applies them; the admin's setup screen imports them too.
import type { FieldError } from "../errors.ts";
import { EMAIL_MAX_LENGTH, isValidEmail } from "../forms/validate.ts";
import { isKnownCountry } from "../checkout/countries.ts";
import { ownerMessages } from "../messages/owner.ts";
import { siteSetupMessages } from "../messages/site-setup.ts";
import { isSupportedCurrency } from "../money.ts";
import { contributorPasswordProblem } from "../members/people.ts";

/** The page a setup link opens (the admin app serves it to visitors not signed in). */
export const SITE_SETUP_PATH = "/config/setup";
/** A setup link works this long: a day, as it is printed to whoever runs the server (docs/decisions.md). */
export const SETUP_LINK_HOURS = 24;
export const SETUP_LINK_MS = SETUP_LINK_HOURS * 60 * 60 * 1000;
export const MAX_STORE_NAME = 200;

/** Where a setup link stands: usable, or why not (the screen says which). */
export type SetupLinkState = "VALID" | "USED" | "EXPIRED" | "INVALID" | "OWNER_EXISTS";

export interface SiteSetupInput {
  email: string;
  password: string;
  storeName: string;
  currency: string;
  country: string;
}

/** The form's answers cleaned (email lower case, codes upper case, name trimmed). */
export function cleanSetupInput(input: SiteSetupInput): SiteSetupInput {
  return {
    email: input.email.trim().toLowerCase(),
    password: input.password,
    storeName: input.storeName.trim(),
    currency: input.currency.trim().toUpperCase(),
    country: input.country.trim().toUpperCase(),
  };
}

/** Each field's problem, next to the field: the contributors' password rule, the store settings' currencies, the checkout's countries. */
export function siteSetupProblems(input: SiteSetupInput): FieldError[] {
  const errors: FieldError[] = [];
  if (input.email.length > EMAIL_MAX_LENGTH || !isValidEmail(input.email)) errors.push({ fieldId: "email", message: ownerMessages.inviteEmailInvalid });
  const password = contributorPasswordProblem(input.password);
  if (password) errors.push({ fieldId: "password", message: password });
  if (input.storeName === "" || input.storeName.length > MAX_STORE_NAME) errors.push({ fieldId: "storeName", message: siteSetupMessages.storeNameRequired });
  if (!isSupportedCurrency(input.currency)) errors.push({ fieldId: "currency", message: ownerMessages.storeCurrencyUnsupported });
  if (!isKnownCountry(input.country)) errors.push({ fieldId: "country", message: ownerMessages.storeCountryUnsupported });
  return errors;
}

/** The state of a stored link for a site (null: no such link on this site); `hasOwner` wins over the link's own state. */
export function setupLinkState(link: { usedAt: Date | null; expiresAt: Date } | null, hasOwner: boolean, now: Date): SetupLinkState {
  if (!link) return "INVALID";
  if (link.usedAt) return "USED";
  if (hasOwner) return "OWNER_EXISTS";
  if (link.expiresAt <= now) return "EXPIRED";
  return "VALID";
}

/** What the screen and the mutation say for a link that cannot be used. */
export const SETUP_LINK_REFUSALS: Record<Exclude<SetupLinkState, "VALID">, string> = {
  USED: siteSetupMessages.linkUsed,
  EXPIRED: siteSetupMessages.linkExpired,
  INVALID: siteSetupMessages.linkInvalid,
  OWNER_EXISTS: siteSetupMessages.ownerExists,
};
