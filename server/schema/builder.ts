// The Pothos builder: set-up only. Plugin order matters: scope-auth first, errors before validation
// (docs/toolchain.md §2).
import SchemaBuilder, { type InputFieldBuilder } from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import ValidationPlugin from "@pothos/plugin-validation";
import { GraphQLError, Kind, type ValueNode } from "graphql";
import type { GraphQLContext } from "../context.ts";
import { ForbiddenError, InvalidInputError, NotSignedInError } from "../domain/errors.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { can, type Permission } from "../domain/members/permissions.ts";
import { toPrincipal, type Viewer } from "../services/members/sessions.ts";
import type PrismaTypes from "../generated/pothos-types.ts";
import AuthorizeBeforeValidationPlugin, { inputRefusal } from "./validation.ts";
import { getDatamodel } from "../generated/pothos-types.ts";

const capitalize = (name: string) => name[0].toUpperCase() + name.slice(1);

/** The most ids `nodes(ids:)` resolves in one call. */
export const MAX_NODE_IDS = 100;

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  // The one place authorization is decided (docs/permissions.md): `signedIn` for any member or
  // contributor, `permission` for a right of the matrix in server/domain/members/permissions.ts.
  AuthScopes: { signedIn: boolean; permission: Permission };
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    DateTime: { Input: Date; Output: Date | string };
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
  };
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, ErrorsPlugin, AuthorizeBeforeValidationPlugin, ValidationPlugin, PrismaPlugin, RelayPlugin],
  scopeAuth: {
    authScopes: (ctx) => ({
      signedIn: ctx.viewer.signedIn,
      permission: (permission) => can(toPrincipal(ctx.viewer), permission),
    }),
    // Refused callers get a top-level error: UNAUTHENTICATED when nobody is signed in, else FORBIDDEN.
    unauthorizedError: (_parent, ctx) => refusal(ctx.viewer),
    // Subscriptions are checked when they start, not only per event.
    authorizeOnSubscribe: true,
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    // A missing selection is a bug to fix, not something to paper over with extra queries.
    onUnusedQuery: process.env.NODE_ENV === "production" ? null : "warn",
  },
  // Inputs are validated with the shared zod rules of domain/ (validation.ts says how a refusal answers).
  validation: { validationError: (failure) => inputRefusal(failure.issues) },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    // One call loads at most MAX_NODE_IDS nodes: a longer list is refused before any is loaded.
    nodesQueryOptions: {
      resolve: (_root, { ids }, _ctx, _info, resolveNodes) => {
        if (ids.length > MAX_NODE_IDS) throw new InvalidInputError(checkoutMessages.tooManyIds(MAX_NODE_IDS));
        return resolveNodes(ids);
      },
    },
  },
  // Names integrators can rely on (docs/api.md): a mutation answers the union `<Mutation>Payload` of
  // its `<Mutation>Success` object and its errors; a query that can fail answers `<query>Result`.
  errors: {
    directResult: true,
    // A refused input answers the typed error its rule names, in the payload union like any other
    // (authorization is still decided first: validation.ts).
    unsafelyHandleInputErrors: true,
    defaultUnionOptions: {
      name: ({ parentTypeName, fieldName }) => `${capitalize(fieldName)}${parentTypeName === "Mutation" ? "Payload" : "Result"}`,
    },
    defaultResultOptions: { name: ({ fieldName }) => `${capitalize(fieldName)}Success` },
  },
});

/** The builder's schema types, for helpers that build fields outside a `fields` callback. */
export type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;
/** What an input type's `fields` callback receives. */
export type InputFields = InputFieldBuilder<BuilderTypes, "InputObject">;

function refusal(viewer: Viewer): Error {
  return viewer.signedIn ? new ForbiddenError() : new NotSignedInError();
}

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

builder.scalarType("DateTime", {
  description: "An instant, as an ISO 8601 string in UTC.",
  serialize: (value) => (value instanceof Date ? value.toISOString() : value),
  parseValue: (value) => {
    const date = typeof value === "string" ? new Date(value) : new Date(NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError("DateTime must be an ISO 8601 string.");
    return date;
  },
});

function objectFromLiteral(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, objectFromLiteral(field.value)]));
    case Kind.LIST:
      return node.values.map(objectFromLiteral);
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    default:
      throw new GraphQLError("JSONObject literals cannot contain variables.");
  }
}

const asObject = (value: unknown): Record<string, unknown> => {
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new GraphQLError("JSONObject must be an object.");
  return value as Record<string, unknown>;
};

builder.scalarType("JSONObject", {
  description: "A JSON object (form answers: field id -> value).",
  serialize: (value) => value,
  parseValue: asObject,
  parseLiteral: (node) => asObject(objectFromLiteral(node)),
});
