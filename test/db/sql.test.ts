// The typed SQL plumbing (issue 13): Kysely statements run through the Prisma client or transaction
// they are given, with the column types Prisma's model operations use, on SQLite and PostgreSQL.
import type { Selectable } from "kysely";
import type { Db } from "../../server/db/client.ts";
import { sql, type Database } from "../../server/db/sql.ts";
import { providerOf } from "../../server/db/urls.ts";
import { Prisma } from "../../server/generated/prisma/client.ts";
import { isUniqueViolation } from "../../server/services/support/unique-violation.ts";
import { createTestDb, testProvider, type QueryLog } from "../support/db.ts";

// The generated table types (prisma-kysely) read as Prisma's model types, table by table: a Date where
// Prisma has a Date, a boolean where it has a boolean, null where it allows null. `tsc` checks this.
type PrismaRow<M extends Prisma.ModelName> = Prisma.TypeMap["model"][M]["payload"]["scalars"];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type TablesUnlikePrisma = { [M in Prisma.ModelName]: Same<Selectable<Database[M]>, PrismaRow<M>> extends true ? never : M }[Prisma.ModelName];
const everyTableAsPrismaTypesIt: [TablesUnlikePrisma] extends [never] ? true : TablesUnlikePrisma = true;
const theSameTables: Same<keyof Database, Prisma.ModelName> = true;

describe("the generated table types", () => {
  it("type every model's row as Prisma does (checked by tsc)", () => {
    expect([everyTableAsPrismaTypesIt, theSameTables]).toEqual([true, true]);
  });

  it("name every column of every table of the migrated database", async () => {
    const { db, close } = await createTestDb();
    try {
      // The catalogue read as text (Kysely's PostgreSQL introspector returns `name` columns, which
      // Prisma's raw mapping cannot read).
      const catalogue =
        testProvider() === "postgresql"
          ? `SELECT table_name::text AS "table", column_name::text AS "column" FROM information_schema.columns WHERE table_schema = current_schema()`
          : `SELECT m.name AS "table", c.name AS "column" FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table'`;
      const columns = await db.$queryRawUnsafe<{ table: string; column: string }[]>(catalogue);
      for (const model of Object.values(Prisma.ModelName)) {
        const fields = Object.values((Prisma as unknown as Record<string, Record<string, string>>)[`${model}ScalarFieldEnum`]);
        const inDatabase = columns.filter((row) => row.table === model).map((row) => row.column);
        expect({ model, columns: inDatabase.sort() }).toEqual({ model, columns: [...fields].sort() });
      }
    } finally {
      await close();
    }
  });
});

describe("sql(db | tx)", () => {
  let db: Db;
  let queries: QueryLog;
  let close: () => Promise<void>;
  const at = new Date("2026-01-02T03:04:05.678Z");

  beforeAll(async () => {
    ({ db, queries, close } = await createTestDb());
    await db.website.create({ data: { id: "site", title: "Site" } });
  });
  afterAll(() => close());

  it("knows the provider of the client and of a transaction client", async () => {
    expect(providerOf(db)).toBe(testProvider());
    await db.$transaction(async (tx) => expect(providerOf(tx)).toBe(testProvider()));
  });

  it("writes rows Prisma reads back with the same types, and reads them back as Prisma types them", async () => {
    await sql(db).insertInto("Cart").values({ id: "c1", token: "t1", websiteId: "site", updatedAt: at, created: at, isPurchased: false }).execute();
    const viaPrisma = await db.cart.findUniqueOrThrow({ where: { id: "c1" } });
    expect(viaPrisma).toMatchObject({ updatedAt: at, created: at, isPurchased: false, version: 0, couponCodes: "[]" });

    const [viaSql] = await sql(db).selectFrom("Cart").selectAll().where("id", "=", "c1").execute();
    expect(viaSql).toEqual(viaPrisma);
  });

  it("returns the changed row of a conditional update (RETURNING) and nothing when the condition fails", async () => {
    const bump = () =>
      sql(db)
        .updateTable("Cart")
        .set((eb) => ({ version: eb("version", "+", 1), updatedAt: at }))
        .where("id", "=", "c1")
        .where("isPurchased", "=", false)
        .returning(["version", "isPurchased"])
        .executeTakeFirst();
    expect(await bump()).toEqual({ version: 1, isPurchased: false });
    await db.cart.update({ where: { id: "c1" }, data: { isPurchased: true } });
    expect(await bump()).toBeUndefined();
  });

  it("counts the rows a statement without RETURNING changed", async () => {
    const result = await sql(db).updateTable("Cart").set({ kind: "STANDARD" }).where("websiteId", "=", "site").executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
  });

  it("runs inside the transaction it is given: a rollback undoes its writes", async () => {
    queries.reset();
    await expect(
      db.$transaction(async (tx) => {
        await sql(tx).insertInto("Cart").values({ id: "c2", token: "t2", websiteId: "site", updatedAt: at }).execute();
        expect(await tx.cart.count({ where: { id: "c2" } })).toBe(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await db.cart.count({ where: { id: "c2" } })).toBe(0);
    expect(queries.statements.some((statement) => /insert into "Cart"/i.test(statement))).toBe(true);
  });

  it("fails a duplicate key with an error isUniqueViolation recognises, as a model operation's", async () => {
    const duplicate = sql(db).insertInto("Cart").values({ id: "c1", token: "t1", websiteId: "site", updatedAt: at }).execute();
    const error = await duplicate.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error("something else"))).toBe(false);
  });

  it("quotes camelCase identifiers (PostgreSQL folds unquoted ones to lower case)", () => {
    const compiled = sql(db).selectFrom("CartEntry").select(["cartId", "variantId"]).where("cartId", "=", "x").compile();
    expect(compiled.sql).toContain('"cartId"');
    expect(compiled.sql).toContain('"CartEntry"');
  });
});
