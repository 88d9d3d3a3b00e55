// The operator API's schema (issue 21): the CLI's operations for a hosting control panel, in plain
// graphql-js, apart from the site schema (server/schema): nothing a site principal can call is
// reachable from it, and nothing of it from a site's /graphql. The site schema's naming (docs/api.md):
// a mutation answers `<Mutation>Payload`, the union of its result and its typed errors, a query that
// can fail `<query>Result`. Each field calls one method of SiteOperatorService; an error's message is
// the sentence the CLI prints (messages/operator.ts).
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
  lexicographicSortSchema,
  type GraphQLFieldConfig,
  type GraphQLOutputType,
} from "graphql";
import { ConflictError, DomainError, InvalidInputError, NotAllowedError, NotFoundError } from "../domain/errors.ts";
import { SITE_STATUS } from "../domain/site/site-status.ts";
import type { CreateSiteInput, OperatorSiteView, SiteOperatorService } from "../services/site/operator.ts";

export interface OperatorContext {
  operator: SiteOperatorService;
}

const nonNull = <T extends GraphQLOutputType>(type: T) => new GraphQLNonNull(type);
const string = nonNull(GraphQLString);
const boolean = nonNull(GraphQLBoolean);

const DateTime = new GraphQLScalarType<Date, string>({
  name: "DateTime",
  description: "An instant, as an ISO 8601 string in UTC.",
  serialize: (value) => (value as Date).toISOString(),
});

const ErrorInterface = new GraphQLInterfaceType({
  name: "Error",
  description: "A refused operation; `message` is the sentence the CLI prints.",
  fields: { message: { type: string }, code: { type: string } },
});

type ErrorClass = abstract new (...args: never[]) => DomainError;
/** A refusal answered as a value: graphql-js treats a returned Error instance as thrown. */
interface Refusal {
  refused: ErrorClass;
  message: string;
  code: string;
}
const isRefusal = (value: unknown): value is Refusal => typeof value === "object" && value !== null && "refused" in value;
const errorType = (errorClass: ErrorClass, name: string, description: string) =>
  new GraphQLObjectType<Refusal>({
    name,
    description,
    interfaces: [ErrorInterface],
    fields: { message: { type: string }, code: { type: string } },
    isTypeOf: (value) => isRefusal(value) && value.refused === errorClass,
  });
const errorTypes = new Map<ErrorClass, GraphQLObjectType>([
  [InvalidInputError, errorType(InvalidInputError, "InvalidInputError", "A name, slug, host, email, currency or status that is not valid.")],
  [ConflictError, errorType(ConflictError, "ConflictError", "The slug or the domain belongs to another site.")],
  [NotFoundError, errorType(NotFoundError, "NotFoundError", "No site has that id, slug or host, or no site has that domain.")],
  [NotAllowedError, errorType(NotAllowedError, "NotAllowedError", "Sites cannot be created on a single-site deployment (no PLATFORM_DOMAIN).")],
]);

/** pastDue → PAST_DUE: enum values are SCREAMING_SNAKE; the service takes the statuses' names. */
const enumValue = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
const SiteStatus = new GraphQLEnumType({
  name: "SiteStatus",
  description: "A site's plan status (spec platform-support: expired 1 … paid 8); docs/decisions.md says what each allows.",
  values: Object.fromEntries(Object.keys(SITE_STATUS).map((name) => [enumValue(name), { value: name }])),
});

const SiteHost = new GraphQLObjectType({
  name: "SiteHost",
  fields: {
    host: { type: string },
    primary: { type: boolean, description: "The site's address; its other custom domains redirect to it (301)." },
    platform: { type: boolean, description: "The platform subdomain ({slug}.{PLATFORM_DOMAIN}) rather than a custom domain." },
  },
});

const notAnError = (value: unknown) => !isRefusal(value);

const Site = new GraphQLObjectType<OperatorSiteView>({
  name: "Site",
  isTypeOf: notAnError,
  fields: {
    id: { type: string },
    slug: { type: GraphQLString },
    title: { type: string },
    status: { type: SiteStatus, description: "null for a number outside the spec's list (treated as expired)." },
    statusCode: { type: nonNull(GraphQLInt), description: "The spec's number of the status." },
    statusChangedAt: { type: nonNull(DateTime), description: "The past-due grace and a removal's retention count from it." },
    trialEndsAt: { type: DateTime },
    createdAt: { type: nonNull(DateTime) },
    hosts: { type: nonNull(new GraphQLList(nonNull(SiteHost))), description: "Primary first." },
    url: { type: GraphQLString, description: "The primary host's address." },
  },
});

const CreatedSite = new GraphQLObjectType({
  name: "CreatedSite",
  isTypeOf: notAnError,
  fields: {
    site: { type: nonNull(Site) },
    setupUrl: { type: string, description: "The owner's one-time setup link (their invitation as the site's admin)." },
  },
});

const CreateSiteInputType = new GraphQLInputObjectType({
  name: "CreateSiteInput",
  fields: {
    name: { type: new GraphQLNonNull(GraphQLString) },
    slug: { type: GraphQLString, description: "The platform subdomain's label; default: made from the name, unique." },
    host: { type: GraphQLString, description: "A custom domain, made the site's primary address." },
    owner: { type: new GraphQLNonNull(GraphQLString), description: "The owner's email: invited as the site's admin." },
    currency: { type: GraphQLString, description: "Default USD." },
    trial: { type: GraphQLBoolean, description: "Start on a trial instead of paid." },
  },
});

type Args = Record<string, unknown>;

/**
 * A field answering `success` or one of `errors` as a union named `name`: those errors are answered as
 * values; any other failure stays a top-level error (masked unless it is a DomainError).
 */
function withErrors(
  name: string,
  success: GraphQLObjectType,
  errors: ErrorClass[],
  resolve: (args: Args, ctx: OperatorContext) => Promise<unknown>,
  config: Omit<GraphQLFieldConfig<unknown, OperatorContext, Args>, "type" | "resolve"> = {},
): GraphQLFieldConfig<unknown, OperatorContext, Args> {
  const union = new GraphQLUnionType({ name, types: [success, ...errors.map((error) => errorTypes.get(error)!)] });
  return {
    ...config,
    type: nonNull(union),
    resolve: async (_root, args, ctx) => {
      try {
        return await resolve(args, ctx);
      } catch (error) {
        const refused = errors.find((errorClass) => error instanceof errorClass);
        if (!refused) throw error;
        return { refused, message: (error as DomainError).message, code: (error as DomainError).code } satisfies Refusal;
      }
    },
  };
}

const siteArg = { site: { type: new GraphQLNonNull(GraphQLString), description: "The site's id, slug or one of its host names." } };

const Query = new GraphQLObjectType<unknown, OperatorContext>({
  name: "Query",
  fields: {
    sites: { type: nonNull(new GraphQLList(nonNull(Site))), description: "Every site, oldest first.", resolve: (_root, _args, ctx) => ctx.operator.sites() },
    site: withErrors("SiteResult", Site, [NotFoundError], (args, ctx) => ctx.operator.site(args.site as string), { args: siteArg }),
  },
});

const Mutation = new GraphQLObjectType<unknown, OperatorContext>({
  name: "Mutation",
  fields: {
    createSite: withErrors(
      "CreateSitePayload",
      CreatedSite,
      [InvalidInputError, ConflictError, NotAllowedError],
      (args, ctx) => ctx.operator.createSite(args.input as CreateSiteInput),
      { args: { input: { type: new GraphQLNonNull(CreateSiteInputType) } }, description: "A new site and its owner's setup link." },
    ),
    setSiteStatus: withErrors(
      "SetSiteStatusPayload",
      Site,
      [InvalidInputError, NotFoundError],
      (args, ctx) => ctx.operator.setStatus(args.site as string, args.status as string),
      { args: { ...siteArg, status: { type: new GraphQLNonNull(SiteStatus) } }, description: "Setting the status a site has already changes nothing." },
    ),
    addSiteDomain: withErrors(
      "AddSiteDomainPayload",
      Site,
      [InvalidInputError, ConflictError, NotFoundError],
      (args, ctx) => ctx.operator.addDomain(args.site as string, args.host as string, args.primary === true),
      {
        args: { ...siteArg, host: { type: new GraphQLNonNull(GraphQLString) }, primary: { type: GraphQLBoolean, defaultValue: false } },
        description: "With primary, the domain becomes the site's address and its other domains redirect to it.",
      },
    ),
    removeSiteDomain: withErrors(
      "RemoveSiteDomainPayload",
      Site,
      [InvalidInputError, NotFoundError],
      (args, ctx) => ctx.operator.removeDomain(args.host as string),
      { args: { host: { type: new GraphQLNonNull(GraphQLString) } }, description: "Answers the site the domain belonged to." },
    ),
    removeSite: withErrors("RemoveSitePayload", Site, [NotFoundError], (args, ctx) => ctx.operator.removeSite(args.site as string), {
      args: siteArg,
      description: "Status removed: the site answers 410 at once; its data is deleted after the retention period.",
    }),
  },
});

export const operatorSchema = lexicographicSortSchema(new GraphQLSchema({ query: Query, mutation: Mutation }));
