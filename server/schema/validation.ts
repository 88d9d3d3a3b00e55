// How GraphQL answers an input that @pothos/plugin-validation refused (builder.ts `validation`).
// The plugin validates arguments before any resolver wrapper runs, scope-auth included, so:
//  1. authorization first (AuthorizeBeforeValidationPlugin): a caller the field would refuse gets that
//     refusal (UNAUTHENTICATED or FORBIDDEN), never a verdict on their input;
//  2. otherwise the typed error the rule names (domain/inputs.ts), with the spec's message; the errors
//     plugin (`unsafelyHandleInputErrors`) puts it in the field's payload union when the field lists
//     it, as when the service refused the same input, and top-level otherwise.
import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from "@pothos/core";
import type { GraphQLContext } from "../context.ts";
import { ForbiddenError, NotSignedInError, type DomainError } from "../domain/errors.ts";
import { errorOfIssues } from "../domain/inputs.ts";
import { can, type Permission } from "../domain/members/permissions.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { toPrincipal } from "../services/members/sessions.ts";

interface Issue {
  message: string;
  code?: string;
  params?: unknown;
}

type Scopes = { signedIn?: boolean; permission?: Permission; $any?: Scopes; $all?: Scopes };

/** Scope-auth's reading of a scope map: any one of its scopes suffices; `$all` needs every one. */
function allows(scopes: Scopes, ctx: GraphQLContext): boolean {
  return Object.entries(scopes).some(([scope, value]) => {
    if (scope === "$any") return allows(value as Scopes, ctx);
    if (scope === "$all") return Object.entries(value as Scopes).every(([name, inner]) => allows({ [name]: inner }, ctx));
    if (scope === "signedIn") return ctx.viewer.signedIn === value;
    if (scope === "permission") return can(toPrincipal(ctx.viewer), value as Permission);
    return false;
  });
}

/** The refusal scope-auth would give this caller for a field with these scopes, if any. */
function authorizationRefusal(scopes: unknown, ctx: GraphQLContext): DomainError | null {
  if (!scopes || typeof scopes !== "object" || allows(scopes as Scopes, ctx)) return null;
  return ctx.viewer.signedIn ? new ForbiddenError() : new NotSignedInError();
}

/**
 * Runs the field's scope check before the argument mappers (validation among them): a field with a
 * scope map and arguments gets a first mapper that throws the refusal scope-auth would give. Scope-auth
 * still decides as before; this only keeps a refused caller from learning what of their input is wrong.
 */
export class AuthorizeBeforeValidationPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    const scopes = (fieldConfig.pothosOptions as { authScopes?: unknown }).authScopes;
    if (!scopes || typeof scopes !== "object" || Object.keys(fieldConfig.args).length === 0) return fieldConfig;
    const authorizeFirst = (args: Record<string, unknown>, ctx: Types["Context"]) => {
      const refusal = authorizationRefusal(scopes, ctx as GraphQLContext);
      if (refusal) throw refusal;
      return args;
    };
    return { ...fieldConfig, argMappers: [authorizeFirst, ...fieldConfig.argMappers] };
  }
}

const AUTHORIZE_FIRST = "authorizeBeforeValidation";

declare global {
  // Pothos registers plugins through this global namespace; there is no module form of it.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      authorizeBeforeValidation: AuthorizeBeforeValidationPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin(AUTHORIZE_FIRST, AuthorizeBeforeValidationPlugin);
export default AUTHORIZE_FIRST;

/**
 * The error for refused input. Our rules word every refusal (custom issues); anything else zod found
 * (a shape GraphQL's types already rule out) reads 'invalidRequest', never zod's English.
 */
export function inputRefusal(issues: readonly Issue[]): Error {
  return errorOfIssues(issues.map((issue) => (issue.code === "custom" ? issue : { message: checkoutMessages.invalidRequest })));
}
