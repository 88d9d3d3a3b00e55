// Which database: one rule for a URL and for a Prisma client, and every caller asks it. Before, the
// start-up message took any URL that was not postgres:// for SQLite, the text search took any client
// not generated for PostgreSQL for SQLite, and only the typed SQL refused an unknown provider.
import { providerOf } from "../../server/db/urls.ts";
import { sql } from "../../server/db/sql.ts";
import { containsIgnoringCase } from "../../server/services/support/text-search.ts";
import { createTestDb, testProvider } from "../support/db.ts";

describe("providerOf", () => {
  it.each([
    ["postgres://postgres@127.0.0.1:5432/shop", "postgresql"],
    ["postgresql://postgres@127.0.0.1/shop", "postgresql"],
    ["POSTGRESQL://postgres@127.0.0.1/shop", "postgresql"],
    ["file:/var/lib/sitecart/shop.db", "sqlite"],
    ["file:./dev.db", "sqlite"],
  ])("reads %s as %s", (url, provider) => {
    expect(providerOf(url)).toBe(provider);
  });

  it.each(["mysql://root@127.0.0.1/shop", "sqlserver://127.0.0.1", "./dev.db", ""])("refuses %p rather than guessing SQLite", (url) => {
    expect(() => providerOf(url)).toThrow("Not a database URL Sitecart knows");
  });

  it("reads the provider a client and its transaction client were generated for", async () => {
    const { db, close } = await createTestDb();
    try {
      expect(providerOf(db)).toBe(testProvider());
      await db.$transaction(async (tx) => expect(providerOf(tx)).toBe(testProvider()));
    } finally {
      await close();
    }
  });

  it.each([{ _activeProvider: "mysql" }, { _activeProvider: "cockroachdb" }, {}])("refuses a client generated for %p, in every caller", (client) => {
    expect(() => providerOf(client)).toThrow("Unknown Prisma provider");
    expect(() => sql(client as never)).toThrow("Unknown Prisma provider");
    expect(() => containsIgnoringCase(client as never, "ann")).toThrow("Unknown Prisma provider");
  });
});
