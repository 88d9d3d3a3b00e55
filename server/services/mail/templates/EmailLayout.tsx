// The one layout of the store's emails (issue 24), with @react-email/components: tables and inline
// styles (what Gmail, Outlook and Apple Mail all draw), 600 px wide at most, the store's name or logo
// at the top, its accent colour on the heading rule and buttons, its footer at the foot.
// Dark mode: every text sits on a background this layout sets itself (never white text on a
// transparent one), and the color-scheme metas tell clients that invert colours that both schemes are
// supported, so they adapt the light palette rather than painting dark text on dark.
import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from "@react-email/components";
import type { EmailBranding } from "../../../domain/emails/branding.ts";
import type { EmailBlock, EmailContent } from "../../../domain/emails/content.ts";
import { emailMessages } from "../../../domain/messages/emails.ts";

const INK = "#1a1a1a";
const MUTED = "#555555";
const PAGE = "#f4f4f5";
const CARD = "#ffffff";
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Black or white, whichever reads better on the accent colour (WCAG relative luminance). */
export function textOn(hex: string): string {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return luminance > 0.179 ? "#000000" : "#ffffff";
}

/** The accent as link colour when it reads on white; else the ink (a pale accent would vanish). */
const linkColor = (accent: string) => (textOn(accent) === "#ffffff" ? accent : INK);

function Block({ block, accent }: { block: EmailBlock; accent: string }) {
  if (block.kind === "button") {
    return (
      <Section style={{ margin: "24px 0" }}>
        <Button
          href={block.url}
          style={{
            backgroundColor: accent,
            color: textOn(accent),
            borderRadius: 6,
            padding: "12px 20px",
            fontWeight: 600,
            fontSize: 15,
            textDecoration: "none",
          }}
        >
          {block.label}
        </Button>
        <Text style={{ color: MUTED, fontSize: 12, lineHeight: "18px", margin: "8px 0 0", wordBreak: "break-all" }}>{block.url}</Text>
      </Section>
    );
  }
  if (block.kind === "link") {
    return (
      <Text style={{ color: INK, fontSize: 15, lineHeight: "24px", margin: "16px 0", overflowWrap: "anywhere" }}>
        {block.before}
        <Link href={block.url} style={{ color: linkColor(accent), textDecoration: "underline" }}>
          {block.url}
        </Link>
      </Text>
    );
  }
  if (block.kind === "list") {
    return (
      <Section style={{ margin: "16px 0" }}>
        {block.title && <Text style={{ color: INK, fontSize: 15, fontWeight: 600, margin: "0 0 4px" }}>{block.title}</Text>}
        {block.items.map((item, index) => (
          <Text key={index} style={{ color: INK, fontSize: 15, lineHeight: "22px", margin: 0 }}>
            {item}
          </Text>
        ))}
      </Section>
    );
  }
  return <Text style={{ color: INK, fontSize: 15, lineHeight: "24px", margin: "16px 0", whiteSpace: "pre-line" }}>{block.text}</Text>;
}

export function EmailLayout({ content, branding, language }: { content: EmailContent; branding: EmailBranding; language: string }) {
  const accent = branding.accentColor;
  return (
    <Html lang={language}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{content.heading}</title>
      </Head>
      <Preview>{content.preheader}</Preview>
      <Body style={{ backgroundColor: PAGE, color: INK, fontFamily: FONT, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: 600, width: "100%", backgroundColor: CARD, borderRadius: 8, borderTop: `4px solid ${accent}` }}>
          <Section style={{ padding: "24px 32px 0" }}>
            <Row>
              <Column>
                {branding.logoUrl ? (
                  <Img src={branding.logoUrl} alt={branding.storeName} height={40} style={{ height: 40, width: "auto", maxWidth: 240 }} />
                ) : (
                  <Text style={{ color: INK, fontSize: 18, fontWeight: 700, margin: 0 }}>{branding.storeName}</Text>
                )}
              </Column>
            </Row>
          </Section>
          <Section style={{ padding: "8px 32px 24px" }}>
            <Heading as="h1" style={{ color: INK, fontSize: 22, lineHeight: "30px", margin: "16px 0 0" }}>
              {content.heading}
            </Heading>
            {content.blocks.map((block, index) => (
              <Block key={index} block={block} accent={accent} />
            ))}
          </Section>
          <Hr style={{ borderColor: "#e4e4e7", margin: 0 }} />
          <Section style={{ padding: "16px 32px 24px" }}>
            <Text style={{ color: MUTED, fontSize: 12, lineHeight: "18px", margin: 0, whiteSpace: "pre-line" }}>
              {branding.footerText ?? emailMessages.defaultFooter(branding.storeName)}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
