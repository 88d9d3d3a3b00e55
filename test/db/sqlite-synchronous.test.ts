// Durability (issue 15 §6): SQLite syncs the WAL at every commit (synchronous=FULL) unless told
// otherwise, so an acknowledged order survives a power cut, not only a process crash.
import { createDb } from "../../server/db/client.ts";
import { createTestDatabase, testProvider, type TestDatabase } from "../support/db.ts";

const sqliteOnly = testProvider() === "sqlite" ? describe : describe.skip;

sqliteOnly("SQLite synchronous", () => {
  let database: TestDatabase;
  beforeAll(async () => void (database = await createTestDatabase()));
  afterAll(() => database.drop());

  const setting = async (options: Parameters<typeof createDb>[1]) => {
    const db = await createDb(database.url, options);
    try {
      const [row] = await db.$queryRawUnsafe<{ synchronous: number | bigint }[]>("PRAGMA synchronous");
      const [journal] = await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
      return { synchronous: Number(row.synchronous), journal: journal.journal_mode };
    } finally {
      await db.$disconnect();
    }
  };

  it("is FULL (2) in WAL mode by default", async () => {
    expect(await setting({})).toEqual({ synchronous: 2, journal: "wal" });
  });

  it("is NORMAL (1) when SQLITE_SYNCHRONOUS says so", async () => {
    expect(await setting({ sqliteSynchronous: "NORMAL" })).toEqual({ synchronous: 1, journal: "wal" });
  });
});
