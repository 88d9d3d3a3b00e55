import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSchema, getNamedType, isObjectType, isUnionType, printSchema, type GraphQLSchema } from "graphql";
import { projectRoot } from "../../server/db/urls.ts";
import { schema } from "../../server/schema/index.ts";

it("commits schema.graphql printed from the current Pothos schema (run `npm run schema` after changing it)", () => {
  expect(readFileSync(join(projectRoot, "schema.graphql"), "utf8")).toBe(printSchema(schema) + "\n");
});

const capitalize = (name: string) => name[0].toUpperCase() + name.slice(1);

/**
 * Names a plugin makes up rather than a person writes (docs/api.md): a root type's name followed by
 * one of its fields' (`QueryProductsConnection`, `MutationUpdateLanguagesSuccess`), or an edge of a
 * connection named after the connection (`…ConnectionEdge`).
 */
function generatedNames(printed: GraphQLSchema): string[] {
  const roots = [printed.getQueryType(), printed.getMutationType(), printed.getSubscriptionType()].filter((root) => !!root);
  const prefixes = roots.flatMap((root) => Object.keys(root.getFields()).map((field) => root.name + capitalize(field)));
  return Object.keys(printed.getTypeMap()).filter(
    (name) => !name.startsWith("__") && (prefixes.some((prefix) => name.startsWith(prefix)) || name.endsWith("ConnectionEdge")),
  );
}

describe("names integrators rely on", () => {
  const printed = buildSchema(readFileSync(join(projectRoot, "schema.graphql"), "utf8"));

  it("has no generated type names in schema.graphql", () => {
    expect(generatedNames(printed)).toEqual([]);
  });

  it("would notice a generated name", () => {
    const leaky = buildSchema(`type Query { products: QueryProductsConnection } type QueryProductsConnection { edges: [QueryProductsConnectionEdge] }
      type QueryProductsConnectionEdge { cursor: String } type Mutation { updateLanguages: MutationUpdateLanguagesSuccess }
      type MutationUpdateLanguagesSuccess { data: [String] } type SubscriptionPlan { id: ID }`);
    expect(generatedNames(leaky).sort()).toEqual(["MutationUpdateLanguagesSuccess", "QueryProductsConnection", "QueryProductsConnectionEdge"]);
  });

  it("gives every mutation one `input: <Mutation>Input` (or none) and the union `<Mutation>Payload` of `<Mutation>Success` and errors", () => {
    // The one documented second outcome that is not an error (docs/api.md): checkout's payment to confirm.
    const otherOutcomes: Record<string, string[]> = { checkout: ["CheckoutPaymentRequired"] };
    const problems: string[] = [];
    for (const field of Object.values(printed.getMutationType()!.getFields())) {
      const name = capitalize(field.name);
      const args = field.args.map((arg) => `${arg.name}: ${getNamedType(arg.type).name}`);
      if (args.length > 1 || (args.length === 1 && args[0] !== `input: ${name}Input`)) problems.push(`${field.name}(${args.join(", ")})`);
      const payload = getNamedType(field.type);
      const members = isUnionType(payload) ? payload.getTypes().map((type) => type.name) : [];
      const errors = members.filter((member) => member !== `${name}Success` && !otherOutcomes[field.name]?.includes(member));
      const allErrors = errors.every((member) =>
        (printed.getType(member) as { getInterfaces?: () => { name: string }[] })?.getInterfaces?.().some((i) => i.name === "Error"),
      );
      if (payload.name !== `${name}Payload` || !members.includes(`${name}Success`) || !allErrors) problems.push(`${field.name}: ${payload.name}`);
    }
    expect(problems).toEqual([]);
  });

  it("keeps the names demo-store.md promises", () => {
    const query = printed.getQueryType()!.getFields();
    expect(query.product.args.map((arg) => `${arg.name}: ${arg.type}`)).toEqual(["slug: String!"]);
    expect(String(query.products.type)).toBe("ProductConnection!");
    expect(String(query.node.type)).toBe("Node");
    expect(String(query.cart.type)).toBe("Cart");
    expect(String(printed.getSubscriptionType()!.getFields().cartUpdated.type)).toBe("Cart");
    const product = printed.getType("Product");
    expect(isObjectType(product) && Object.keys(product.getFields())).toEqual(
      expect.arrayContaining(["id", "itemId", "slug", "name", "productType", "soldOut", "onSale", "variedPrices", "unlimitedStock", "variants"]),
    );
  });
});
