// Draws an email's HTML part: the layout over the blocks of its plain text (domain/emails/content.ts).
// The text part stays the composer's own plain text (it says exactly what the HTML says: the blocks
// are cut from it), so every sentence a test or a text-only client reads is unchanged.
import { render } from "@react-email/components";
import { createElement } from "react";
import type { EmailBranding } from "../../../domain/emails/branding.ts";
import { contentFromText } from "../../../domain/emails/content.ts";
import { EmailLayout } from "./EmailLayout.tsx";

export async function renderEmailHtml(email: { subject: string; textBody: string; language?: string | null }, branding: EmailBranding): Promise<string> {
  const content = contentFromText(email.subject, email.textBody);
  return render(createElement(EmailLayout, { content, branding, language: email.language ?? "en" }));
}
