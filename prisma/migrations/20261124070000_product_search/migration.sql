-- Product search (issue 13): an FTS5 index of product names, written by hand (schema.prisma cannot
-- describe a virtual table). The trigram tokenizer answers "the name contains this text" (3 characters
-- or more), in any case and without accents; shorter texts fall back to LIKE (services/catalog/product-search.ts).
-- scripts/new-migration.ts diffs schema files, never a database, so this table stays out of its diffs.
CREATE VIRTUAL TABLE "ProductSearch" USING fts5("name", content='Product', content_rowid='id', tokenize='trigram remove_diacritics 1');

INSERT INTO "ProductSearch"("ProductSearch") VALUES ('rebuild');

CREATE TRIGGER "ProductSearch_insert" AFTER INSERT ON "Product" BEGIN
  INSERT INTO "ProductSearch"(rowid, "name") VALUES (new."id", new."name");
END;

CREATE TRIGGER "ProductSearch_delete" AFTER DELETE ON "Product" BEGIN
  INSERT INTO "ProductSearch"("ProductSearch", rowid, "name") VALUES ('delete', old."id", old."name");
END;

CREATE TRIGGER "ProductSearch_update" AFTER UPDATE OF "name" ON "Product" BEGIN
  INSERT INTO "ProductSearch"("ProductSearch", rowid, "name") VALUES ('delete', old."id", old."name");
  INSERT INTO "ProductSearch"(rowid, "name") VALUES (new."id", new."name");
END;
