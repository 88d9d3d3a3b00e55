// npm test: relay-compiler, then jest over its projects (server, client, and `process`: the tests that
// spawn processes), then one plain summary line `N passed, N failed` (what CI reads).
// Arguments are passed on to jest: `npm test -- test/domain`; `npm test -- --ignoreProjects process`
// leaves out the process tests (CI's PostgreSQL pass: they ran on SQLite already); put it after any
// paths, as jest reads the words that follow it as project names.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../server/db/urls.ts";

// The client's Relay artifacts are compiled from its sources first (never hand-edited).
const relay = spawnSync(join(projectRoot, "node_modules/.bin/relay-compiler"), [], { cwd: projectRoot, stdio: ["ignore", "ignore", "inherit"] });
if (relay.status !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const folder = mkdtempSync(join(tmpdir(), "sitecart-jest-"));
const resultsFile = join(folder, "results.json");
// --forceExit: on two cores jest runs the files in its own process, so a server a failed set-up left
// running (a beforeAll past its timeout starts it after the afterAll ran) would keep the run from ever
// ending; the failure itself is already counted.
const jest = spawnSync(
  process.execPath,
  [join(projectRoot, "node_modules/jest/bin/jest.js"), "--json", "--forceExit", `--outputFile=${resultsFile}`, ...process.argv.slice(2)],
  { cwd: projectRoot, stdio: "inherit", env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --no-warnings`.trim() } },
);

let passed: number;
let failed: number;
try {
  const results = JSON.parse(readFileSync(resultsFile, "utf8"));
  passed = results.numPassedTests;
  // A test file that fails to run counts as a failure even though no test in it reported one.
  failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
} catch {
  passed = 0;
  failed = 1;
}
rmSync(folder, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(jest.status === 0 && failed === 0 ? 0 : 1);
