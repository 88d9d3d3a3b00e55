// Every Query and Mutation field of the schema as a matrix operation, with a document made from the
// schema: each argument or input field that names an object (by its name: productId, orderId,
// token...) gets the target site's object, other required ones a plain value, and the selection
// reads every field of the answer a few levels deep (unions and interfaces through each member).
// A new operation is covered as it is declared; an argument naming an object the table does not
// know fails the generation with its name, so the table grows with the schema.
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLNamedType,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { countTokensWithComments, DOCUMENT_LIMITS } from "../../server/graphql.ts";
import { schema } from "../../server/schema/index.ts";
import type { MatrixOperation, MatrixRequest } from "./matrix.ts";
import { ADDRESS, memberEmail, memberPassword, type SiteObjects } from "./site-objects.ts";

type Fill = (objects: SiteObjects, operation: string) => unknown;

/** The first pattern the operation's name matches decides; none: the table must learn the operation. */
const byOperation =
  (what: string, cases: [RegExp, Fill][]): Fill =>
  (objects, operation) => {
    const found = cases.find(([pattern]) => pattern.test(operation));
    if (!found) throw new Error(`${operation}: which object does its ${what} name? (test/isolation/graphql-operations.ts)`);
    return found[1](objects, operation);
  };

/** Arguments and input fields that name an object of a site (or a value only that site knows), by name. */
export const OBJECT_ARGUMENTS: Record<string, Fill> = {
  id: byOperation("id", [
    [/Variant/, (o) => o.variantId],
    [/Product/, (o) => o.productId],
    [/Form/, (o) => o.formId],
    [/ApiKey/, (o) => o.spareApiKeyId],
    [/^query form$/, (o) => o.formId],
  ]),
  token: byOperation("token", [
    [/orderStatus|^mutation reorder$/i, (o) => o.orderStatusToken],
    [/cart|checkout/i, (o) => o.cartToken],
    [/[Uu]nsubscribe/, (o) => o.unsubscribeToken],
    [/confirmNewsletter/, (o) => o.confirmToken],
    [/resetPassword/, (o) => o.resetToken],
    [/Invitation/, (o) => o.invitationToken],
    [/[Ss]iteSetup/, (o) => o.setupToken],
  ]),
  code: byOperation("code", [
    [/GiftCard/, (o) => o.giftCardCode],
    [/Coupon/, (o) => o.couponCode],
  ]),
  name: byOperation("name", [
    [/[Tt]emplate/, (o) => o.templateName],
    [/./, () => "Isolation"],
  ]),
  key: byOperation("key", [
    [/^query form$|updateForm|createForm/, (o) => o.formKey],
    [/./, () => "k".repeat(32)],
  ]),
  path: byOperation("path", [
    [/PagePassword|unlockPage/, (o) => o.lockedPath],
    [/./, (o) => `/shop/p/${o.productSlug}`],
  ]),
  search: byOperation("search", [
    [/ownerOrders/, (o) => o.orderId],
    [/customers/, (o) => memberEmail(o.site)],
    [/ownerProducts/, (o) => `ONLY-${o.site}`],
    [/./, () => "only"],
  ]),
  productId: (o) => o.productId,
  itemId: (o) => o.productId,
  variantId: (o) => o.soldOutVariantId,
  sku: (o) => `ONLY-${o.site}-S`,
  entryId: (o) => o.entryId,
  imageId: (o) => o.imageId,
  imageIds: (o) => [o.imageId],
  formId: (o) => o.formId,
  additionalFieldsFormId: (o) => o.formId,
  mailingListId: (o) => o.mailingListId,
  orderId: (o) => o.orderId,
  cartToken: (o) => o.cartToken,
  subscriptionId: (o) => o.subscriptionId,
  savedAddressId: (o) => o.savedAddressId,
  giftCardId: (o) => o.giftCardId,
  // The last group of the target site's card: another site's caller must find nothing by it.
  codeEnding: (o) => o.giftCardCode.slice(-5),
  invitationId: (o) => o.invitationId,
  emailId: (o) => o.outboxEmailId,
  accountId: (o) => o.editorAccountId,
  couponId: (o) => o.couponId,
  zoneId: (o) => o.zoneId,
  zoneIds: (o) => [o.zoneId],
  taxRuleId: (o) => o.taxRuleId,
  optionId: (o) => o.shippingOptionId,
  shippingOptionId: (o) => o.shippingOptionId,
  collectionId: (o) => o.collectionId,
  namespace: (o) => o.namespace,
  slug: (o) => o.productSlug,
  urlId: (o) => o.storeUrlId,
  version: () => 1,
  email: (o) => memberEmail(o.site),
  siteVisitorEmail: (o) => memberEmail(o.site),
  recipientEmail: (o) => memberEmail(o.site),
  password: (o) => memberPassword(o.site),
  shippingAddress: () => ({ ...ADDRESS, fullName: "Isolation Test" }),
  address: () => ({ ...ADDRESS, fullName: "Isolation Test" }),
};

/**
 * Plain values an input needs to get past its validation to the lookup of the objects it names (a
 * product without a price is refused before its collection is looked at).
 */
export const VALID_VALUES: Record<string, unknown> = {
  price: 1000,
  amountOff: 100,
  country: "US",
  codes: ["US"],
  locale: "fr-FR",
  language: "fr-FR",
  languages: ["en-US", "fr-FR"],
  pixelId: "12345",
  scopes: ["products.read"],
  fields: [{ id: "note", type: "text", title: "Note" }],
};

/** Global ids of the target site's object of each Node type (node and nodes get one operation per type). */
export const NODE_OBJECTS: Record<string, Fill> = {
  Product: (o) => o.productId,
  Variant: (o) => o.variantId,
  Form: (o) => o.formId,
  Order: (o) => o.orderId,
  Cart: (o) => o.cartId,
  ProductImage: (o) => o.imageId,
};

const globalId = (type: string, id: unknown) => Buffer.from(`${type}:${id}`).toString("base64");

/** A plain value of a type, for a required argument that names no object. */
function plainValue(type: GraphQLNamedType): unknown {
  if (isEnumType(type)) return type.getValues()[0].name;
  switch (type.name) {
    case "Int":
    case "Float":
      return 1;
    case "Boolean":
      return true;
    case "DateTime":
      return new Date(Date.UTC(2026, 0, 1)).toISOString();
    case "JSONObject":
      return {};
    default:
      return "x";
  }
}

/** The value of an argument or input field; undefined leaves an optional one out. */
function valueOf(field: GraphQLArgument | GraphQLInputField, objects: SiteObjects, operation: string): unknown {
  const fill = OBJECT_ARGUMENTS[field.name] ?? (field.name in VALID_VALUES ? () => VALID_VALUES[field.name] : undefined);
  const named = getNamedType(field.type);
  if (fill && !isInputObjectType(named)) return shaped(field.type, fill(objects, operation));
  if (fill) return fill(objects, operation);
  if (!isNonNullType(field.type)) return undefined;
  if (isInputObjectType(named)) return shaped(field.type, inputObject(named.getFields(), objects, operation));
  return shaped(field.type, plainValue(named));
}

/** A value as the type wants it: a list for a list, a string for an ID or a String. */
function shaped(type: GraphQLInputType, value: unknown): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return Array.isArray(value) ? value.map((item) => shaped(inner.ofType, item)) : [shaped(inner.ofType, value)];
  const named = getNamedType(inner);
  if (named.name === "ID" || named.name === "String") return typeof value === "object" ? value : String(value);
  return value;
}

function inputObject(fields: Record<string, GraphQLInputField>, objects: SiteObjects, operation: string): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const field of Object.values(fields)) {
    const filled = valueOf(field, objects, operation);
    if (filled !== undefined) value[field.name] = filled;
  }
  return value;
}

/** Every field of the type `depth` levels deep (fields with required arguments left out). */
export function selectionOf(type: GraphQLNamedType, depth: number): string {
  if (isLeafType(type)) return "";
  if (isUnionType(type) || isInterfaceType(type)) {
    const members = isUnionType(type) ? type.getTypes() : schema.getPossibleTypes(type);
    return `__typename ${members.map((member) => `... on ${member.name} { ${selectionOf(member, depth)} }`).join(" ")}`;
  }
  if (!isObjectType(type)) return "";
  const fields: string[] = ["__typename"];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) fields.push(field.name);
    else if (depth > 1) fields.push(`${field.name} { ${selectionOf(named, depth - 1)} }`);
  }
  return fields.join(" ");
}

/** The document of a root field called with the target's objects: variables for every argument given. */
function documentOf(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>, objects: SiteObjects, name: string, depth: number, node?: string) {
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    const value = node
      ? arg.name === "ids"
        ? [globalId(node, NODE_OBJECTS[node](objects, name))]
        : globalId(node, NODE_OBJECTS[node](objects, name))
      : valueOf(arg, objects, name);
    if (value !== undefined) variables[arg.name] = value;
  }
  const declared = field.args.filter((arg) => arg.name in variables);
  const head = declared.length ? `(${declared.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ")})` : "";
  const call = declared.length ? `(${declared.map((arg) => `${arg.name}: $${arg.name}`).join(", ")})` : "";
  const selection = selectionOf(getNamedType(field.type), depth);
  return { query: `${kind} Isolation${head} { ${field.name}${call}${selection ? ` { ${selection} }` : ""} }`, variables };
}

/** Whether the server's document limits (graphql.ts DOCUMENT_LIMITS) let the document through. */
function withinLimits(query: string): boolean {
  if (countTokensWithComments(query, DOCUMENT_LIMITS.maxTokens) > DOCUMENT_LIMITS.maxTokens) return false;
  try {
    const rules = [
      ...specifiedRules,
      maxDepthRule({ n: DOCUMENT_LIMITS.maxDepth, flattenFragments: true }),
      costLimitRule({ maxCost: DOCUMENT_LIMITS.maxCost, flattenFragments: true }),
    ];
    return validate(schema, parse(query), rules).length === 0;
  } catch {
    return false;
  }
}

/** The answer is read three levels deep, less where the document limits refuse that. */
const MAX_DEPTH = 3;

function operation(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>, node?: string): MatrixOperation {
  const name = `${kind} ${field.name}${node ? ` (${node})` : ""}`;
  let depth: number | undefined;
  return {
    name,
    request(objects): MatrixRequest {
      for (let tried = MAX_DEPTH; depth === undefined; tried--) {
        if (tried === 1 || withinLimits(documentOf(kind, field, objects, name, tried, node).query)) depth = tried;
      }
      return { method: "POST", path: "/graphql", body: documentOf(kind, field, objects, name, depth, node) };
    },
  };
}

/** The schema's root fields of `kind` as matrix operations; node and nodes once per Node type. */
export function graphqlOperations(kind: "query" | "mutation"): MatrixOperation[] {
  const root = kind === "query" ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(root.getFields()).flatMap((field) =>
    field.name === "node" || field.name === "nodes" ? Object.keys(NODE_OBJECTS).map((node) => operation(kind, field, node)) : [operation(kind, field)],
  );
}

/** Node types the table has no object for (a new Node type must be added to NODE_OBJECTS). */
export const nodeTypesWithoutObjects = () =>
  schema
    .getPossibleTypes(schema.getType("Node") as never)
    .map((type) => type.name)
    .filter((name) => !(name in NODE_OBJECTS));
