// The pay-later provider's modal (spec storefront §7: "GET of the third-party installment modal HTML";
// §5: the modal locale falls back to en_US). When the operator configures the provider's address
// (PAY_LATER_MODAL_URL), the storefront asks for the modal here: the server fetches it (the page's
// content security policy lets the browser reach only its own origin), keeps it for an hour, and
// tries en_US when the provider has no modal for the shopper's locale. The client shows it in a
// sandboxed frame (no scripts) and keeps our own terms when this fails.
import { PAY_LATER_MODAL_FALLBACK_LOCALE, isPayLaterModalLocale } from "../../domain/cart/installments.ts";

/** What the provider gets to answer, and how much of its answer is read. */
const TIMEOUT_MS = 2500;
const MAX_BYTES = 256 * 1024;
const CACHE_MS = 60 * 60 * 1000;

export interface PayLaterModal {
  /** The locale the provider answered for: the one asked for, or en_US. */
  locale: string;
  html: string;
}

export class PayLaterModalService {
  private readonly cache = new Map<string, { modal: PayLaterModal; until: number }>();

  constructor(
    private readonly urlTemplate: string | null,
    private readonly fetchPage: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the store has a provider modal to show (the storefront asks for it only then). */
  get configured(): boolean {
    return this.urlTemplate !== null;
  }

  /**
   * The provider's modal for `locale` (e.g. fr_CA), or its en_US modal when it has none for that
   * locale; null when no provider is configured or neither could be fetched.
   */
  async modal(locale: string): Promise<PayLaterModal | null> {
    if (this.urlTemplate === null || !isPayLaterModalLocale(locale)) return null;
    const cached = this.cache.get(locale);
    if (cached && cached.until > this.now()) return cached.modal;
    const html = (await this.fetchHtml(locale)) ?? (locale === PAY_LATER_MODAL_FALLBACK_LOCALE ? null : await this.fetchHtml(PAY_LATER_MODAL_FALLBACK_LOCALE));
    if (html === null) return null;
    const modal = { locale: html.locale, html: html.text };
    this.cache.set(locale, { modal, until: this.now() + CACHE_MS });
    return modal;
  }

  private async fetchHtml(locale: string): Promise<{ locale: string; text: string } | null> {
    const url = this.urlTemplate!.replaceAll("{locale}", encodeURIComponent(locale));
    try {
      const response = await this.fetchPage(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "follow", headers: { accept: "text/html" } });
      if (!response.ok) return null;
      const text = await response.text();
      if (Buffer.byteLength(text) > MAX_BYTES) return null;
      return { locale, text };
    } catch {
      return null;
    }
  }
}
