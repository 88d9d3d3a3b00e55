// The isolation matrix's runner (docs/decisions/issue-21-matrix.md). For each operation and each
// direction (home site H, other site O):
//   1. H's principals call H's host with O's ids: the answer holds no marker of O, and no row of O
//      changes (the principal may change its own site: it is privileged there).
//   2. a new anonymous visitor of O calls O's host with O's ids: the baseline of what anyone may do.
//   3. H's principals call O's host with O's ids and their own cookies or API key: they act as
//      anonymous visitors of O. The answer holds no marker of H and no marker of O the baseline did
//      not get; no row of H changes; on O they touch no table the baseline did not touch.
// Every row created or changed must point at rows of its own site only.
import { cookieHeader, send, type Answer, type SendOptions } from "../support/host-client.ts";
import type { Principal, SiteKey, TwoSites } from "../support/two-sites.ts";
import { browserOf, fillCart, SITE_KEYS, SITES, otherSite, signInPrincipals, startTwoSites } from "../support/two-sites.ts";
import { foreignMarkers, markersIn } from "./markers.ts";
import { changesBetween, crossSiteReferences, readBack, type ReadBack, type RowChange } from "./read-back.ts";
import { makeSiteObjects, type SiteObjects } from "./site-objects.ts";

/** A request of an operation, aimed at the objects of one site (never carrying marker text). */
export interface MatrixRequest {
  method: string;
  path: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface MatrixOperation {
  name: string;
  request(objects: SiteObjects): MatrixRequest | Promise<MatrixRequest>;
}

export interface World {
  sites: TwoSites;
  objects: Record<SiteKey, SiteObjects>;
  principals: Record<SiteKey, Principal[]>;
  recorder: Recorder;
}

interface Outcome {
  answer: Answer;
  changes: RowChange[];
  crossReferences: string[];
}

/** A statement that writes (Prisma's and Kysely's spelling, any case), and the table it writes. */
const WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:["`]?\w+["`]?\.)?["`]?(\w+)["`]?\s/i;

/**
 * The tables the statements wrote; null when one deleted rows (a delete may cascade to tables no
 * statement names: everything is read again).
 */
function writtenTables(statements: readonly string[]): Set<string> | null {
  const tables = new Set<string>();
  for (const statement of statements) {
    const write = WRITE.exec(statement);
    if (!write) continue;
    if (/^delete/i.test(write[1])) return null;
    tables.add(write[2]);
  }
  return tables;
}

/** Sends calls and reads both sites back after each call that wrote anything. */
export class Recorder {
  #last: ReadBack;

  private constructor(
    private readonly sites: TwoSites,
    first: ReadBack,
  ) {
    this.#last = first;
  }

  static async start(sites: TwoSites): Promise<Recorder> {
    const first = await readBack(sites.db);
    sites.queries.reset();
    return new Recorder(sites, first);
  }

  /** The read-back after the statements logged since the last one; null when none wrote. */
  async #readAgain(): Promise<ReadBack | null> {
    const tables = writtenTables(this.sites.queries.statements);
    this.sites.queries.reset();
    if (tables?.size === 0) return null;
    const now = await readBack(this.sites.db, this.#last, tables ?? undefined);
    this.sites.queries.reset();
    this.#last = now;
    return now;
  }

  /**
   * Reads everything again and compares: a write the statement log did not show (a statement the
   * WRITE pattern misses) would leave the incremental read-back behind. Answers the tables that differ.
   */
  async unnoticedWrites(): Promise<string[]> {
    await this.#readAgain();
    const full = await readBack(this.sites.db);
    this.sites.queries.reset();
    return [...new Set(changesBetween(this.#last, full).map((change) => change.model))];
  }

  async call(host: string, request: MatrixRequest, headers: Record<string, string>): Promise<Outcome> {
    // What other work wrote since (a sign-in, a visitor's arrival) is taken in first: the call is judged alone.
    await this.#readAgain();
    const options: SendOptions = { headers: { ...headers, ...request.headers } };
    if (request.body !== undefined) options.body = request.body;
    if (request.rawBody !== undefined) options.rawBody = request.rawBody;
    const answer = await send(this.sites.port, this.sites.agent, host, request.method, request.path, options);
    // Tracking calls are written by a queue: written now, so their rows count for this call.
    for (const site of SITE_KEYS) await this.sites.withServices(site, (services) => services.analytics.flush());
    const before = this.#last;
    const now = await this.#readAgain();
    if (!now) return { answer, changes: [], crossReferences: [] };
    const changes = changesBetween(before, now);
    return { answer, changes, crossReferences: crossSiteReferences(changes, now) };
  }
}

/** Both sites, their objects, their principals (each cookie principal holding a cart of its site), and the recorder. */
export async function startWorld(): Promise<World> {
  const sites = await startTwoSites();
  const objects = {} as Record<SiteKey, SiteObjects>;
  const principals = {} as Record<SiteKey, Principal[]>;
  for (const site of SITE_KEYS) {
    principals[site] = await signInPrincipals(sites, site);
    objects[site] = await makeSiteObjects(
      sites,
      site,
      principals[site].find((principal) => principal.role === "owner")!,
    );
    for (const principal of principals[site]) if (principal.role !== "api key") await fillCart(sites, principal, cartItem(objects[site]));
    // The anonymous visitor's cart cookie has not reached it yet: its site finds the cart by its crumb
    // (a double click's second add), and so must no other site.
    const anonymous = principals[site].find((principal) => principal.role === "anonymous")!;
    anonymous.headers = { ...anonymous.headers, cookie: anonymous.headers.cookie.replace(/; sc_cart=[^;]*/, "") };
  }
  return { sites, objects, principals, recorder: await Recorder.start(sites) };
}

const cartItem = (objects: SiteObjects) => ({ itemId: objects.productId, sku: `ONLY-${objects.site}-S` });

/** Signs in again the principals a call signed out (signOut, a password reset): their next calls are theirs again. */
async function signBackIn(world: World): Promise<void> {
  for (const site of SITE_KEYS) {
    for (const principal of world.principals[site]) {
      if (principal.role === "anonymous" || principal.role === "api key") continue;
      const viewer = await send(world.sites.port, world.sites.agent, SITES[site].host, "POST", "/graphql", {
        headers: principal.headers,
        body: { query: "{ viewer { signedIn } }" },
      });
      if (viewer.body?.data?.viewer?.signedIn) continue;
      const { client, host, xsrf } = await browserOf(world.sites, site, principal.role);
      const jar = client.jar(host);
      principal.headers = { cookie: cookieHeader(jar), "x-csrf-token": jar.get("crumb")!, ...xsrf };
      await fillCart(world.sites, principal, cartItem(world.objects[site]));
    }
  }
}

const tablesOn = (changes: RowChange[], websiteId: string) => new Set(changes.filter((change) => change.site === websiteId).map((change) => change.model));

/** What a call did that it must not have done, in words. */
function problems(who: string, outcome: Outcome, target: SiteKey, allowed: { markers?: Set<string>; tables?: Set<string> }): string[] {
  const found: string[] = [];
  const targetId = SITES[target].websiteId;
  for (const marker of foreignMarkers(outcome.answer.text, target)) found.push(`${who}: read ${marker}`);
  if (allowed.markers)
    for (const marker of markersIn(outcome.answer.text))
      if (!allowed.markers.has(marker) && !found.some((text) => text.endsWith(` ${marker}`)))
        found.push(`${who}: read ${marker}, which an anonymous visitor does not`);
  for (const change of outcome.changes) {
    if (change.site !== targetId && change.site !== null) found.push(`${who}: ${change.kind} ${change.model} ${change.key} of ${change.site}`);
  }
  if (allowed.tables)
    for (const table of tablesOn(outcome.changes, targetId))
      if (!allowed.tables.has(table)) found.push(`${who}: wrote ${table} on ${target}, which an anonymous visitor does not`);
  for (const reference of outcome.crossReferences) found.push(`${who}: ${reference}`);
  return found;
}

/** Runs one operation in one direction (home → other); answers every problem found. */
export async function crossSiteProblems(world: World, operation: MatrixOperation, home: SiteKey): Promise<string[]> {
  const other = otherSite(home);
  const request = await operation.request(world.objects[other]);
  const sent = JSON.stringify(request.body ?? "") + request.path + String(request.rawBody ?? "");
  if (markersIn(sent).size > 0) throw new Error(`${operation.name} sends marker text: ${[...markersIn(sent)].join(", ")}`);
  const found: string[] = [];
  const run = async (principal: { headers: Record<string, string> }, site: SiteKey) => {
    const outcome = await world.recorder.call(SITES[site].host, request, principal.headers);
    if (outcome.changes.some((change) => change.model === "Session")) await signBackIn(world);
    return outcome;
  };
  for (const principal of world.principals[home]) {
    found.push(...problems(`${principal.label} on ${home} with ${other}'s ids`, await run(principal, home), home, {}));
  }
  const visitor = await browserOf(world.sites, other, "anonymous");
  const jar = visitor.client.jar(visitor.host);
  const baseline = await run({ headers: { cookie: cookieHeader(jar), "x-csrf-token": jar.get("crumb")! } }, other);
  found.push(...problems(`a new ${other} visitor on ${other}`, baseline, other, {}));
  const allowed = { markers: markersIn(baseline.answer.text), tables: tablesOn(baseline.changes, SITES[other].websiteId) };
  for (const principal of world.principals[home]) {
    found.push(...problems(`${principal.label} on ${other}`, await run(principal, other), other, allowed));
  }
  return found;
}

/** The world of a test file: made once before its tests; after them, no write went unnoticed, and it is closed. */
export function useWorld(): () => World {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  }, 120_000);
  afterAll(async () => {
    try {
      expect(await world.recorder.unnoticedWrites()).toEqual([]);
    } finally {
      await world.sites.close();
    }
  });
  return () => world;
}

/** One test per operation and direction; each lists what crossed. */
export function checkOperations(operations: () => MatrixOperation[], world: () => World) {
  describe.each(operations().map((operation) => [operation.name, operation] as const))("%s", (_name, operation) => {
    it.each(SITE_KEYS.map((home) => [`${home} principals against ${otherSite(home)}`, home] as const))(
      "%s",
      async (_label, home) => {
        expect(await crossSiteProblems(world(), operation, home)).toEqual([]);
      },
      // A dozen calls, each maybe followed by a read-back of both sites, on a busy two-core machine.
      30_000,
    );
  });
}
