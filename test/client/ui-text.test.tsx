/** @jest-environment node */
// "No user-facing literal outside server/domain/messages.ts" (issue 8), checked on the client's JSX:
// text between tags, visible attributes (aria-label, placeholder, title, alt, label) and the strings a
// child expression can show (`{busy ? "Saving" : "Save"}`, `{`Remove ${title}`}`) must come from the
// catalogue. A string passed to a function (`text(texts, "CTAText", ...)`) is not looked at: keys
// and class names are not shown.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const ROOT = join(__dirname, "..", "..");
const VISIBLE_ATTRIBUTES = new Set(["aria-label", "aria-description", "aria-roledescription", "aria-valuetext", "placeholder", "title", "alt", "label"]);
const HAS_LETTER = /\p{L}/u;

/** Texts that are not ours to put in the catalogue, each with the reason. Keep it short. */
const ALLOWED: { file: string; text: string; why: string }[] = [
  { file: "client/storefront/catalog/InstallmentBadge.tsx", text: "i", why: "the info button's glyph; its name is the aria-label" },
];

/**
 * Files outside the components still spelling their texts, waiting for their owners (the screens are
 * being reworked with the schema renames). Each entry must still have findings, so the list can only
 * shrink.
 */
const PENDING = new Set<string>([]);

interface Finding {
  file: string;
  line: number;
  text: string;
}

function tsxFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "__generated__" ? [] : tsxFiles(path);
    return entry.name.endsWith(".tsx") ? [path] : [];
  });
}

/** The string parts an expression can evaluate to when it is shown (not its function arguments). */
function shownStrings(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isTemplateExpression(expression)) return [expression.head, ...expression.templateSpans.map((span) => span.literal)];
  if (ts.isParenthesizedExpression(expression)) return shownStrings(expression.expression);
  if (ts.isConditionalExpression(expression)) return [...shownStrings(expression.whenTrue), ...shownStrings(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return shownStrings(expression.right);
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.PlusToken) {
      return [...shownStrings(expression.left), ...shownStrings(expression.right)];
    }
  }
  return [];
}

function literalText(node: ts.Node): string {
  if (ts.isJsxText(node)) return node.text.replace(/\s+/g, " ").trim();
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) return node.text;
  return node.getText();
}

export function findUiLiterals(path: string, source = readFileSync(path, "utf8")): Finding[] {
  const file = relative(ROOT, path);
  const sourceFile = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node) => {
    const text = literalText(node);
    if (HAS_LETTER.test(text)) findings.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      shownStrings(node.expression).forEach(report);
    } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) report(node.initializer);
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) shownStrings(node.initializer.expression).forEach(report);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

const isAllowed = (finding: Finding) => ALLOWED.some((allowed) => allowed.file === finding.file && allowed.text === finding.text);

describe("the client's visible texts", () => {
  const findings = tsxFiles(join(ROOT, "client")).flatMap((path) => findUiLiterals(path));

  it("come from server/domain/messages.ts, not from literals in JSX", () => {
    const spelled = findings.filter((finding) => !isAllowed(finding) && !PENDING.has(finding.file));
    expect(spelled.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
  });

  it("allow only texts that are still there, and list only screens that still spell texts", () => {
    expect(ALLOWED.filter((allowed) => !findings.some((finding) => finding.file === allowed.file && finding.text === allowed.text))).toEqual([]);
    expect([...PENDING].filter((file) => !findings.some((finding) => finding.file === file))).toEqual([]);
  });

  it.each([
    ["text between tags", "<p>Hello</p>", ["Hello"]],
    ["a visible attribute", '<button aria-label="Close">×</button>', ["Close"]],
    ["a template in a visible attribute", "<button aria-label={`Remove ${title}`} />", ["Remove "]],
    ["both branches of a shown condition", '<p>{busy ? "Saving" : "Save"}</p>', ["Saving", "Save"]],
    ["a shown fallback", '<p>{custom || "sold out"}</p>', ["sold out"]],
  ])("finds %s", (_case, jsx, expected) => {
    expect(findUiLiterals(join(ROOT, "client/Example.tsx"), `export const X = () => ${jsx};`).map((finding) => finding.text)).toEqual(expected);
  });

  it.each([
    ["texts from the catalogue", "<p>{messages.cartEmpty}</p>"],
    ["class names, keys and symbols", '<p className="total" data-key="CTAText">{text(texts, "CTAText", fallback)} × · 100</p>'],
  ])("leaves alone %s", (_case, jsx) => {
    expect(findUiLiterals(join(ROOT, "client/Example.tsx"), `export const X = () => ${jsx};`)).toEqual([]);
  });
});
