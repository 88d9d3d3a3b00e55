// npm run lint:length (part of npm run lint): no source file over 400 lines. Every tracked .ts, .tsx,
// .js and .cjs file under server, client, scripts, test and prisma is counted, generated code aside;
// the files over the limit are listed and the exit code is 1. A long file is a sign that it does
// several things: split it by what each part does (docs/architecture.md), rather than raise the limit.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../server/db/urls.ts";

export const MAX_LINES = 400;

const SOURCE = /\.(ts|tsx|js|cjs)$/;
const GENERATED = [/^server\/generated\//, /\/__generated__\//];

function trackedSources(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--", "server", "client", "scripts", "test", "prisma"], { cwd: projectRoot, encoding: "utf8" });
  return listed.split("\0").filter((path) => SOURCE.test(path) && !GENERATED.some((pattern) => pattern.test(path)));
}

/** Lines as an editor numbers them: a final newline does not start another line. */
export function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

const tooLong = trackedSources()
  .map((path) => ({ path, lines: lineCount(readFileSync(join(projectRoot, path), "utf8")) }))
  .filter(({ lines }) => lines > MAX_LINES);
const offenders = tooLong;

if (offenders.length > 0) {
  console.error(`Files over ${MAX_LINES} lines (split them by what each part does):`);
  for (const { path, lines } of offenders) console.error(`  ${path}: ${lines} lines`);
  process.exit(1);
}
