// npm run template -- render TEMPLATE DATA.json [--partials DIR]: HTML on stdout, errors on stderr.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../server/db/urls.ts";

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "sitecart-template-cli-"));
  mkdirSync(join(folder, "partials"));
  writeFileSync(join(folder, "page.html"), "<h1>{title|html}</h1>\n<ul>{.repeated section items}{@|apply row}{.end}</ul> {price|money}\n{x|shout}\n");
  writeFileSync(join(folder, "partials", "row.html"), "<li>{name}</li>{.section missing}{@|apply nowhere}{.or}{@|apply nowhere}{.end}");
  writeFileSync(join(folder, "data.json"), JSON.stringify({ title: "Tea & Cake", items: [{ name: "Pot" }], price: { value: "8", currency: "USD" } }));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// From the project, as npm runs it (tsx resolves from there); files by absolute path.
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", join("scripts", "template.ts"), ...args], { cwd: projectRoot, encoding: "utf8" });
const file = (...parts: string[]) => join(folder, ...parts);

it("prints the HTML and the errors with their file, line, column and kind; exits 1 when there were errors", () => {
  const result = cli("render", file("page.html"), file("data.json"), "--partials", file("partials"));
  expect(result.stdout).toBe("<h1>Tea &amp; Cake</h1>\n<ul><li>Pot</li></ul> $8.00\n{x|shout}\n");
  expect(result.stderr.trim().split("\n")).toEqual([
    `${file("page.html")}:3:1: parser: Formatter 'shout' is unknown`,
    `${file("partials", "row.html")}:1:56: engine: Attempt to apply partial 'nowhere' which could not be found.`,
  ]);
  expect(result.status).toBe(1);
});

it("explains its usage and exits 2 when called wrongly", () => {
  const result = cli("render", file("page.html"));
  expect(result.status).toBe(2);
  expect(result.stderr).toContain("usage: npm run template -- render TEMPLATE DATA.json [--partials DIR]");
});
