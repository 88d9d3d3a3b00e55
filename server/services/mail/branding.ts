// The store's email branding (issue 24): read and saved by owners with the store settings'
// permissions (commerce.read / commerce.write), and read by the mailer in the transaction that writes
// an email, so the email is drawn with the branding of the moment it was decided.
import type { Db, Tx } from "../../db/client.ts";
import {
  absoluteLogoUrl,
  brandingProblems,
  cleanBranding,
  effectiveBranding,
  type EmailBranding,
  type EmailBrandingInput,
} from "../../domain/emails/branding.ts";
import { InvalidInputError } from "../../domain/errors.ts";

const brandingSelect = { storeName: true, logoUrl: true, accentColor: true, replyTo: true, footerText: true } as const;

/** The branding an email of the site is drawn with (the defaults when the owner saved none). */
export async function loadEffectiveBranding(db: Db | Tx, websiteId: string): Promise<EmailBranding> {
  const [saved, website] = await Promise.all([
    db.emailBranding.findUnique({ where: { websiteId }, select: brandingSelect }),
    db.website.findUnique({ where: { id: websiteId }, select: { title: true } }),
  ]);
  return effectiveBranding(saved, website?.title ?? "");
}

export class EmailBrandingService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly publicUrl: string,
  ) {}

  /** What the owner saved (null fields: the defaults apply). */
  async saved(): Promise<EmailBrandingInput> {
    const row = await this.db.emailBranding.findUnique({ where: { websiteId: this.websiteId }, select: brandingSelect });
    return row ?? cleanBranding({});
  }

  effective(): Promise<EmailBranding> {
    return loadEffectiveBranding(this.db, this.websiteId);
  }

  /**
   * Saves the branding: an absent field stays as it is, an empty one goes back to the default. Throws
   * InvalidInputError with the first problem's message. An uploaded logo is stored absolute.
   */
  async update(input: Partial<EmailBrandingInput>): Promise<EmailBrandingInput> {
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const clean = cleanBranding({ ...(await this.saved()), ...given });
    const [problem] = brandingProblems(clean, this.publicUrl);
    if (problem) throw new InvalidInputError(problem.message);
    const data = { ...clean, logoUrl: absoluteLogoUrl(clean.logoUrl, this.publicUrl) };
    return this.db.emailBranding.upsert({
      where: { websiteId: this.websiteId },
      create: { websiteId: this.websiteId, ...data },
      update: data,
      select: brandingSelect,
    });
  }
}
