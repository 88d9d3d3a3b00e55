// Accessibility checks in the browser tests: axe-core (Deque's rules engine, the one behind
// Lighthouse's and Chrome DevTools' accessibility audits) run inside the page. A test fails on any
// serious or critical violation (missing labels, names, contrast, ARIA misuse...).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { projectRoot } from "../../../server/db/urls.ts";

const axeSource = readFileSync(join(projectRoot, "node_modules", "axe-core", "axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The serious and critical WCAG 2.x A/AA violations on the page as it is now. */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol, which the pages' Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(" ")),
    }));
  });
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}
