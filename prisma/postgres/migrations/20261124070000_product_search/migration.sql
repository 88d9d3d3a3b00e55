-- Product search (issue 13): a trigram GIN index over product names, written by hand (schema.prisma
-- cannot describe an expression index). "The name contains this text, in any case" is ILIKE, which
-- pg_trgm's index answers for texts of 3 characters or more (services/catalog/product-search.ts).
-- A tsvector matches whole words (and prefixes), not the substrings the storefront search promises.
-- scripts/new-migration.ts diffs schema files, never a database, so this index stays out of its diffs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "Product_name_trgm_idx" ON "Product" USING GIN ("name" gin_trgm_ops);
