// Every REST route (server/rest/routes.ts) as a matrix operation: path parameters, query values and
// JSON body fields that name an object get the target site's object (the same table as GraphQL's
// arguments, graphql-operations.ts), other required ones a plain value. A body the route's schema
// does not describe (an open record, raw bytes) is written out by hand in HAND_BODIES; a route
// without one gets an empty JSON object, which still goes through the route to its site.
import { z } from "zod";
import { restRoutes } from "../../server/rest/routes.ts";
import type { Route } from "../../server/rest/route.ts";
import { testImage } from "../support/images.ts";
import { OBJECT_ARGUMENTS } from "./graphql-operations.ts";
import type { MatrixOperation, MatrixRequest } from "./matrix.ts";
import { memberEmail, type SiteObjects } from "./site-objects.ts";

type Fill = (objects: SiteObjects) => unknown;

/** REST names of objects, where they differ from GraphQL's (the rest comes from OBJECT_ARGUMENTS). */
const REST_NAMES: Record<string, Fill> = {
  websiteId: (o) => o.websiteId,
  key: (o) => o.formKey,
  token: (o) => o.confirmToken,
  variantId: (o) => o.soldOutVariantId,
  schemaName: () => "PageView",
  locale: () => "en_US",
  type: () => "form",
  preset: () => "LAST_7_DAYS",
};

function fill(name: string, objects: SiteObjects, operation: string): unknown {
  const rest = REST_NAMES[name];
  if (rest) return rest(objects);
  const graphql = OBJECT_ARGUMENTS[name];
  return graphql ? graphql(objects, operation) : undefined;
}

/** Bodies of routes whose schema is an open record or raw bytes: what the route's service reads. */
const HAND_BODIES: Record<string, (objects: SiteObjects) => Promise<Pick<MatrixRequest, "body" | "rawBody" | "headers">>> = {
  "POST /api/form/SaveFormSubmission": async (o) => ({ body: { key: "k".repeat(32), formId: String(o.formId), form: JSON.stringify({ note: "x" }) } }),
  "POST /api/site-users/account/notifications/restock": async (o) => ({
    body: { productId: String(o.productId), variantId: String(o.soldOutVariantId), siteVisitorEmail: memberEmail(o.site) },
  }),
  "POST /api/site-users/account/notifications/restock/send/all": async (o) => ({
    body: { sendRequests: [{ productId: String(o.productId), variantId: String(o.soldOutVariantId) }] },
  }),
  "PUT /api/site-header-footer": async () => ({ body: { header: {}, footer: {} } }),
  "POST /api/widget/UpdateNavigation": async (o) => ({ body: { fieldName: "secondaryNav", navigation: { items: [{ collectionId: o.collectionId }] } } }),
  "POST /api/content-service/product/1.1/websites/:websiteId/products": async () => ({
    body: { title: "Isolation", navigationTitle: "Isolation", enabled: true },
  }),
  "POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories": async () => ({
    body: { displayName: "Isolation", type: "CATEGORY", pageRendering: "LIST_VIEW", displayIndex: 2 },
  }),
  "POST /api/content-service/product/1.1/websites/:websiteId/products/:productId/images": async () => ({
    rawBody: await testImage(16, 16),
    headers: { "content-type": "application/octet-stream" },
  }),
  "POST /api/rest/forms/validate/:formId": async () => ({ body: { note: "x" } }),
  "PUT /api/v1/commerce-preferences/:namespace": async () => ({ body: { note: "x" } }),
};

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
}

const jsonSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as JsonSchema;

/** A plain value of a schema, for a required field that names no object. */
function plain(schema: JsonSchema): unknown {
  if (schema.enum?.length) return schema.enum.find((value) => value !== "") ?? schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? schema.anyOf?.[0]?.type);
  if (type === "number" || type === "integer") return 1;
  if (type === "boolean") return true;
  return "x";
}

/** The named values of an object schema: the objects' where the name says which, other required ones plain. */
function values(schema: JsonSchema, objects: SiteObjects, operation: string): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = fill(name, objects, operation);
    if (value !== undefined) found[name] = value;
    else if (schema.required?.includes(name)) found[name] = plain(property);
  }
  return found;
}

function operation(route: Route): MatrixOperation {
  const name = `${route.method} ${route.path}`;
  return {
    name,
    async request(objects) {
      const path = route.path.replace(/:(\w+)/g, (_match, param: string) => {
        const value = fill(param, objects, name);
        if (value === undefined) throw new Error(`${name}: which object does :${param} name? (test/isolation/rest-operations.ts)`);
        return encodeURIComponent(String(value));
      });
      const query = route.query
        ? new URLSearchParams(Object.entries(values(jsonSchema(route.query), objects, name)).map(([key, value]) => [key, String(value)]))
        : null;
      const url = query && query.size ? `${path}?${query}` : path;
      const hand = HAND_BODIES[name];
      if (hand) return { method: route.method, path: url, ...(await hand(objects)) };
      if (route.body) return { method: route.method, path: url, body: values(jsonSchema(route.body), objects, name) };
      return { method: route.method, path: url, ...(route.acceptsBody ? { body: {} } : {}) };
    },
  };
}

/** Every REST route as a matrix operation. */
export const restOperations = (): MatrixOperation[] => restRoutes.map(operation);
