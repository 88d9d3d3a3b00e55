// `npm run build`: everything the server needs built, each part only when its inputs changed since it
// was last built (a content hash of the inputs is kept next to each output):
//  - the Prisma clients, the Pothos types and the Kysely table types (server/generated/) from
//    prisma/schema.prisma;
//  - the Relay artifacts and the Vite build of the storefront (dist/client/).
// `npm start` calls ensureBuilt(): a restart with nothing changed runs neither prisma generate,
// relay-compiler nor vite. `--force` rebuilds everything. `--postinstall` (npm's postinstall) generates
// the Prisma clients, and the Relay artifacts when relay-compiler is installed (not with --omit=dev).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => join(root, "node_modules/.bin", name);

interface Part {
  name: string;
  /** Files and folders whose content decides whether the output is current. */
  inputs: string[];
  /** Where the hash of the inputs it was built from is kept. */
  stamp: string;
  /** What must be installed to build it. */
  tools: string[];
  build(): void;
}

const generated: Part = {
  name: "Prisma clients",
  inputs: ["prisma/schema.prisma", "scripts/generate-prisma.ts", "package-lock.json"],
  stamp: "server/generated/.build-inputs",
  tools: ["prisma"],
  build: () =>
    execFileSync(process.execPath, ["--import", "tsx", join(root, "scripts/generate-prisma.ts")], { cwd: root, stdio: ["ignore", "ignore", "inherit"] }),
};

const client: Part = {
  name: "storefront",
  inputs: ["client", "server/domain", "schema.graphql", "relay.config.js", "vite.config.ts", "package-lock.json"],
  stamp: "dist/client/.build-inputs",
  tools: ["relay-compiler", "vite"],
  build: () => {
    execFileSync(bin("relay-compiler"), [], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    execFileSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  },
};

/** Every file under `path` (generated Relay artifacts excluded: they are an output). */
function filesUnder(path: string): string[] {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.name !== "__generated__")
    .flatMap((entry) => filesUnder(relative(root, join(absolute, entry.name))));
}

export function inputsHash(part: Part): string {
  const hash = createHash("sha256");
  for (const file of part.inputs.flatMap(filesUnder).sort()) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

const isCurrent = (part: Part) => existsSync(join(root, part.stamp)) && readFileSync(join(root, part.stamp), "utf8").trim() === inputsHash(part);
const installed = (tool: string) => existsSync(bin(tool));

/** A part is stale and its tools are missing (a production install without a build). */
export class BuildNeededError extends Error {}

function buildPart(part: Part, force: boolean, log: (line: string) => void): void {
  if (!force && isCurrent(part)) return;
  const missing = part.tools.filter((tool) => !installed(tool));
  if (missing.length) {
    throw new BuildNeededError(
      `Build: the ${part.name} build is missing or out of date, and ${missing.join(", ")} is not installed (a production install): run \`npm run build\` before \`npm ci --omit=dev\`.`,
    );
  }
  log(`Building the ${part.name}...`);
  part.build();
  mkdirSync(dirname(join(root, part.stamp)), { recursive: true });
  writeFileSync(join(root, part.stamp), inputsHash(part) + "\n");
}

/** Builds what is stale; throws BuildNeededError when that needs tools a production install lacks. */
export function ensureBuilt({ client: withClient = true, force = false, log = (line: string) => console.log(line) } = {}): void {
  buildPart(generated, force, log);
  if (withClient) buildPart(client, force, log);
}

function postinstall(): void {
  buildPart(generated, false, () => {});
  // The Relay artifacts let a development checkout typecheck; a production install builds nothing else.
  if (installed("relay-compiler")) execFileSync(bin("relay-compiler"), [], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (process.argv.includes("--postinstall")) postinstall();
    else ensureBuilt({ force: process.argv.includes("--force") });
  } catch (error) {
    if (!(error instanceof BuildNeededError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
