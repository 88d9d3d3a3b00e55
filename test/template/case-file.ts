// Reads test-case files in the format of template-language.md §15, plus one section of ours:
// `:ERRORS` lists the errors a case must produce, one per line, as `KIND: MESSAGE` or
// `KIND@LINE:COLUMN: MESSAGE` (KIND is parser, assembler or engine). A case without the section
// does not check errors. Every case of ours starts its :COMMENTS with the rule it checks.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { RenderOptions, TemplateError } from "../../server/template/index.ts";

export interface TemplateCase {
  file: string;
  sections: Map<string, string>;
}

const HEADER = /^:([A-Za-z0-9_-]+) *$/;

/** Sections of a case file: each section's lines joined with NL, without its final line break. */
export function parseCaseFile(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  let name: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (name === null) return;
    if (sections.has(name)) throw new Error(`section :${name} appears twice`);
    sections.set(name, lines.join("\n"));
  };
  for (const line of text.replace(/\r\n/g, "\n").split("\n")) {
    const header = HEADER.exec(line);
    if (header) {
      flush();
      name = header[1];
      lines = [];
    } else if (name !== null) {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

export function loadCases(folder: string): TemplateCase[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith(".html")) files.push(path);
    }
  };
  walk(folder);
  return files.map((path) => ({ file: relative(folder, path), sections: parseCaseFile(readFileSync(path, "utf8")) }));
}

const json = (text: string | undefined, what: string) => {
  if (text === undefined || text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${what} is not JSON: ${(error as Error).message}`, { cause: error });
  }
};

/** The data and render options a case asks for (§15 defaults: locale en, the real clock). */
export function caseInput(sections: Map<string, string>): { template: string; data: unknown; options: RenderOptions } {
  const template = sections.get("TEMPLATE");
  if (template === undefined) throw new Error("a case needs a :TEMPLATE section");
  const params: Record<string, unknown> = { ...(json(sections.get("PARAMS"), ":PARAMS") ?? {}) };
  for (const line of (sections.get("PROPERTIES") ?? "").split("\n")) {
    const match = /^\s*([^=#\s]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) params[match[1]] = match[2];
  }
  const injects = Object.fromEntries(
    Object.entries((json(sections.get("INJECT"), ":INJECT") ?? {}) as Record<string, string>).map(([path, text]) => [path, json(text, `inject ${path}`)]),
  );
  const locale = params.locale === undefined ? "en" : params.locale === "none" ? null : String(params.locale);
  return {
    template,
    data: json(sections.get("JSON"), ":JSON"),
    options: {
      partials: json(sections.get("PARTIALS"), ":PARTIALS") ?? {},
      injects,
      locale,
      now: params.now === undefined ? undefined : Number(params.now),
    },
  };
}

/** An error as the :ERRORS section writes it. */
export function describeError(error: TemplateError): string {
  const where = error.line === undefined ? "" : `@${error.partial ? `${error.partial}:` : ""}${error.line}:${error.column}`;
  return `${error.kind}${where}: ${error.message}`;
}

export function expectedErrors(sections: Map<string, string>): string[] | null {
  const text = sections.get("ERRORS");
  if (text === undefined) return null;
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The case's title: the first line of :COMMENTS (the rule), and its file. */
export function caseTitle(testCase: TemplateCase): string {
  const rule = (testCase.sections.get("COMMENTS") ?? "").trim().split("\n")[0];
  return rule ? `${rule} (${testCase.file})` : testCase.file;
}
