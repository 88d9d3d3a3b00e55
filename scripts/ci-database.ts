// CI helper: `create NAME` makes a fresh PostgreSQL database; `drop NAME` drops it together with the
// per-test-file databases the suite made from it (NAME_t...). Server: PG_ADMIN_URL (default
// postgresql://postgres@127.0.0.1:5432/test).
import pg from "pg";

const [command, name] = process.argv.slice(2);
if (!["create", "drop"].includes(command) || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: ci-database.ts create|drop <name>");
  process.exit(2);
}
const client = new pg.Client({ connectionString: process.env.PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/test" });
await client.connect();
try {
  if (command === "create") {
    await client.query(`CREATE DATABASE "${name}"`);
  } else {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2", [name, `${name}\\_t%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
} finally {
  await client.end();
}
