// What an email says, as blocks the HTML layout (services/mail/templates/) draws: paragraphs, lists,
// "Label: value" rows and call-to-action buttons. Every email the store writes has a plain-text body
// already (the part the tests and text-only clients read); its HTML is drawn from the same text by
// `contentFromText`, so the two parts cannot say different things.

export type EmailBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; title: string | null; items: string[] }
  | { kind: "button"; label: string; url: string }
  /** A link in its line: `before` is the line's text before the address (empty for a bare address). */
  | { kind: "link"; before: string; url: string };

export interface EmailContent {
  /** The first line, shown by mail clients beside the subject. */
  preheader: string;
  heading: string;
  blocks: EmailBlock[];
}

// "See your order: https://…" (one line, the link last): a button labelled "See your order" when it is
// the email's first call to action; a later one (an unsubscribe line) stays a line with its link, so
// the email has one button and it is the one that matters.
const LINK_LINE = /^((.{1,80}?)\s?:\s+)(https?:\/\/\S+)$/u;
const LIST_ITEM = /^[-•]\s+/u;
const BARE_LINK = /^https?:\/\/\S+$/u;

function blockOf(chunk: string[], firstAction: boolean): EmailBlock[] {
  const link = chunk.length === 1 ? LINK_LINE.exec(chunk[0]!) : null;
  if (link && firstAction) return [{ kind: "button", label: link[2]!.trim(), url: link[3]! }];
  if (link) return [{ kind: "link", before: link[1]!, url: link[3]! }];
  if (chunk.length === 1 && BARE_LINK.test(chunk[0]!.trim())) return [{ kind: "link", before: "", url: chunk[0]!.trim() }];
  const firstItem = chunk.findIndex((line) => LIST_ITEM.test(line));
  const rest = firstItem === -1 ? [] : chunk.slice(firstItem);
  if (firstItem !== -1 && firstItem <= 1 && rest.every((line) => LIST_ITEM.test(line))) {
    return [{ kind: "list", title: firstItem === 1 ? chunk[0]! : null, items: rest.map((line) => line.replace(LIST_ITEM, "")) }];
  }
  // A heading line ending in a colon followed by lines (an address): a list without bullets' sense, drawn as lines.
  if (chunk.length > 1 && /:\s*$/u.test(chunk[0]!)) return [{ kind: "list", title: chunk[0]!, items: chunk.slice(1) }];
  return [{ kind: "paragraph", text: chunk.join("\n") }];
}

/** The blocks of a plain-text email: blank lines part them; the subject is the heading. */
export function contentFromText(subject: string, textBody: string): EmailContent {
  const chunks = textBody
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/u)
    .map((chunk) => chunk.split("\n").filter((line) => line.trim() !== ""))
    .filter((chunk) => chunk.length > 0);
  const blocks: EmailBlock[] = [];
  for (const chunk of chunks) blocks.push(...blockOf(chunk, !blocks.some((block) => block.kind === "button" || block.kind === "link")));
  const first = blocks.find((block) => block.kind === "paragraph");
  return { preheader: first && first.kind === "paragraph" ? first.text.split("\n")[0]! : subject, heading: subject, blocks };
}
