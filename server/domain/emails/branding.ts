// The store's email branding (issue 24): what the owner may set, the checks, and the defaults every
// email falls back on. Pure: the admin screen runs the same checks as the service.
import { isValidEmail } from "../forms/validate.ts";
import { MEDIA_PATH_PREFIX } from "../catalog/product-images.ts";
import { emailMessages } from "../messages/emails.ts";

export const MAX_FOOTER_LENGTH = 500;
export const MAX_STORE_NAME_LENGTH = 100;
export const MAX_LOGO_URL_LENGTH = 2000;
/** Headings and buttons when the owner has chosen no colour: dark enough for white button text. */
export const DEFAULT_ACCENT_COLOR = "#1f6feb";

export interface EmailBrandingInput {
  storeName: string | null;
  logoUrl: string | null;
  accentColor: string | null;
  replyTo: string | null;
  footerText: string | null;
}

/** What a rendered email uses: every field settled (the site's title when no store name is set). */
export interface EmailBranding {
  storeName: string;
  logoUrl: string | null;
  accentColor: string;
  replyTo: string | null;
  footerText: string | null;
}

const blankToNull = (value: string | null | undefined) => (value && value.trim() !== "" ? value.trim() : null);

/** The owner's input trimmed, blanks as null (a blank field means "use the default"). */
export function cleanBranding(input: Partial<EmailBrandingInput>): EmailBrandingInput {
  return {
    storeName: blankToNull(input.storeName),
    logoUrl: blankToNull(input.logoUrl),
    accentColor: blankToNull(input.accentColor)?.toLowerCase() ?? null,
    replyTo: blankToNull(input.replyTo)?.toLowerCase() ?? null,
    footerText: blankToNull(input.footerText),
  };
}

/** An https address, or an image uploaded to this store (`/media/…`, or the same under its public URL). */
export function isAcceptedLogoUrl(url: string, publicUrl: string): boolean {
  if (url.length > MAX_LOGO_URL_LENGTH || /\s/.test(url)) return false;
  if (url.startsWith(MEDIA_PATH_PREFIX) || url.startsWith(`${publicUrl}${MEDIA_PATH_PREFIX}`)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/** The first problem with cleaned branding input, by field; an empty list: it may be saved. */
export function brandingProblems(input: EmailBrandingInput, publicUrl: string): { field: keyof EmailBrandingInput; message: string }[] {
  const problems: { field: keyof EmailBrandingInput; message: string }[] = [];
  if (input.storeName && input.storeName.length > MAX_STORE_NAME_LENGTH)
    problems.push({ field: "storeName", message: emailMessages.storeNameTooLong(MAX_STORE_NAME_LENGTH) });
  if (input.logoUrl && !isAcceptedLogoUrl(input.logoUrl, publicUrl)) problems.push({ field: "logoUrl", message: emailMessages.logoUrlInvalid });
  if (input.accentColor && !/^#[0-9a-f]{6}$/.test(input.accentColor)) problems.push({ field: "accentColor", message: emailMessages.accentColorInvalid });
  if (input.replyTo && !isValidEmail(input.replyTo)) problems.push({ field: "replyTo", message: emailMessages.replyToInvalid });
  if (input.footerText && input.footerText.length > MAX_FOOTER_LENGTH)
    problems.push({ field: "footerText", message: emailMessages.footerTooLong(MAX_FOOTER_LENGTH) });
  return problems;
}

/** An uploaded logo (`/media/…`) as the absolute address a mail client can load; others as they are. */
export const absoluteLogoUrl = (url: string | null, publicUrl: string): string | null =>
  url && url.startsWith(MEDIA_PATH_PREFIX) ? `${publicUrl}${url}` : url;

/** The branding an email is drawn with: the owner's choices over the defaults. */
export function effectiveBranding(saved: EmailBrandingInput | null, siteTitle: string): EmailBranding {
  return {
    storeName: saved?.storeName ?? siteTitle,
    logoUrl: saved?.logoUrl ?? null,
    accentColor: saved?.accentColor ?? DEFAULT_ACCENT_COLOR,
    replyTo: saved?.replyTo ?? null,
    footerText: saved?.footerText ?? null,
  };
}

/** The email kinds an owner can preview (page type 301) and send themselves as a test. */
export const PREVIEW_EMAIL_KINDS = [
  "ORDER_CONFIRMATION",
  "SHIPPING_CONFIRMATION",
  "ORDER_CANCELLED",
  "ORDER_REFUNDED",
  "PASSWORD_RESET",
  "NEWSLETTER_CONFIRM",
  "RESTOCK",
  "GIFT_CARD",
  "ORDER_STATUS_LINK",
  "ABANDONED_CHECKOUT",
] as const;
export type PreviewEmailKind = (typeof PREVIEW_EMAIL_KINDS)[number];
