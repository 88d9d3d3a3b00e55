// The read-back of both sites' data: every row of every table, read through Prisma, each row assigned
// to its site (its websiteId, else the row it belongs to: a variant its product's, a cart entry its
// cart's). Two read-backs compare as the rows created, changed and deleted per site, and a row that
// points at another site's row (a cart entry of site A holding site B's product) is reported too.
import type { Db } from "../../server/db/client.ts";
import { getDatamodel } from "../../server/generated/pothos-types.ts";

interface Reference {
  field: string;
  model: string;
}

interface ModelInfo {
  name: string;
  delegate: string;
  key: string[];
  /** Where its site is written (websiteId; the Website row is its own site). */
  siteField: string | null;
  /** The rows it points at, by the column holding their id. */
  references: Reference[];
}

/**
 * Columns that hold another table's id without a Prisma relation, when their name does not say which
 * (`productId` says Product; `purchasedCartId` does not).
 */
const NAMED_REFERENCES: Record<string, string> = {
  purchasedCartId: "Cart",
  signUpId: "MailingListSignUp",
  zoneId: "ShippingZone",
  submissionId: "FormSubmission",
  formSubmissionId: "FormSubmission",
  restockSignUpId: "RestockSignUp",
  denominationId: "GiftCardDenomination",
  additionalFieldsFormId: "Form",
  invitedById: "Account",
  authorId: "Account",
  parentCategoryId: "StoreCategory",
  currentVersionId: "TemplateVersion",
};

/** Tables whose ids are what a client claimed (tracking events, their rollups), not references the server follows. */
const CLAIMED_IDS = /^Analytics/;

function models(): ModelInfo[] {
  const datamodel = getDatamodel().datamodel.models;
  const idType = (model: string) => datamodel[model]?.fields.find((field) => field.isId)?.type;
  return Object.entries(datamodel).map(([name, model]) => {
    const scalars = model.fields.filter((field) => field.kind === "scalar");
    const key = model.primaryKey?.fields.length ? [...model.primaryKey.fields] : scalars.filter((field) => field.isId).map((field) => field.name);
    const references: Reference[] = [];
    for (const field of model.fields) {
      if (field.kind === "object" && field.relationFromFields?.length === 1) references.push({ field: field.relationFromFields[0], model: field.type });
    }
    if (!CLAIMED_IDS.test(name)) {
      for (const field of scalars) {
        if (references.some((reference) => reference.field === field.name) || !field.name.endsWith("Id") || field.name === "websiteId") continue;
        const named = NAMED_REFERENCES[field.name] ?? field.name[0].toUpperCase() + field.name.slice(1, -2);
        if (named !== name && idType(named) === field.type) references.push({ field: field.name, model: named });
      }
    }
    const siteField = name === "Website" ? "id" : scalars.some((field) => field.name === "websiteId") ? "websiteId" : null;
    return { name, delegate: name[0].toLowerCase() + name.slice(1), key, siteField, references };
  });
}

const MODELS = models();

export interface ReadBack {
  /** model → row key → the row as JSON */
  rows: Map<string, Map<string, string>>;
}

const rowKey = (model: ModelInfo, row: Record<string, unknown>) => model.key.map((field) => String(row[field])).join("|");

/** Every row of every table; with `previous`, only `tables` are read again (the others cannot have changed). */
export async function readBack(db: Db, previous?: ReadBack, tables?: ReadonlySet<string>): Promise<ReadBack> {
  const rows = new Map(previous?.rows ?? []);
  for (const model of MODELS) {
    if (previous && tables && !tables.has(model.name)) continue;
    const delegate = (db as unknown as Record<string, { findMany(): Promise<Record<string, unknown>[]> }>)[model.delegate];
    const found = await delegate.findMany();
    rows.set(model.name, new Map(found.map((row) => [rowKey(model, row), JSON.stringify(row)])));
  }
  return { rows };
}

export interface RowChange {
  model: string;
  key: string;
  kind: "created" | "changed" | "deleted";
  /** The row's site, null for a table of no site (job leases, captcha token uses). */
  site: string | null;
  row: string;
}

/** The website of a row: its own column, else the site of the row it belongs to. */
function siteOf(readBacks: ReadBack[], modelName: string, row: Record<string, unknown>, depth = 0): string | null {
  const model = MODELS.find((candidate) => candidate.name === modelName)!;
  if (model.siteField) return String(row[model.siteField]);
  if (depth > 5) return null;
  for (const reference of model.references) {
    const id = row[reference.field];
    if (id === null || id === undefined) continue;
    for (const readBack of readBacks) {
      const parent = readBack.rows.get(reference.model)?.get(String(id));
      if (parent) return siteOf(readBacks, reference.model, JSON.parse(parent), depth + 1);
    }
  }
  return null;
}

/** What changed from `before` to `after`, row by row, each with its site. */
export function changesBetween(before: ReadBack, after: ReadBack): RowChange[] {
  const changes: RowChange[] = [];
  for (const model of MODELS) {
    const old = before.rows.get(model.name)!;
    const now = after.rows.get(model.name)!;
    const add = (key: string, kind: RowChange["kind"], row: string, from: ReadBack[]) =>
      changes.push({ model: model.name, key, kind, row, site: siteOf(from, model.name, JSON.parse(row)) });
    for (const [key, row] of now) {
      const was = old.get(key);
      if (was === undefined) add(key, "created", row, [after, before]);
      else if (was !== row) add(key, "changed", row, [after, before]);
    }
    for (const [key, row] of old) if (!now.has(key)) add(key, "deleted", row, [before]);
  }
  return changes;
}

/** Created or changed rows that point at a row of another site. */
export function crossSiteReferences(changes: RowChange[], after: ReadBack): string[] {
  const found: string[] = [];
  for (const change of changes) {
    if (change.kind === "deleted" || change.site === null) continue;
    const model = MODELS.find((candidate) => candidate.name === change.model)!;
    const row = JSON.parse(change.row);
    for (const reference of model.references) {
      const target = after.rows.get(reference.model)?.get(String(row[reference.field]));
      if (!target) continue;
      const targetSite = siteOf([after], reference.model, JSON.parse(target));
      if (targetSite !== null && targetSite !== change.site)
        found.push(`${change.model} ${change.key} of ${change.site} points at ${reference.model} ${row[reference.field]} of ${targetSite}`);
    }
  }
  return found;
}
