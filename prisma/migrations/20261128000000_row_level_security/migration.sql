-- Row-level security is PostgreSQL's (prisma/postgres/migrations/20261128000000_row_level_security,
-- server/db/site-scope.ts); SQLite has none: on SQLite every query of a site filters by websiteId itself.
SELECT 1;
