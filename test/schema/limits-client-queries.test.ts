// Our own client's queries, as the Relay screens send them, stay far below every document limit of
// the GraphQL endpoint (issue 2, last paragraph).
import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { Lexer, parse, Source, TokenKind, validate } from "graphql";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../server/db/urls.ts";
import { DOCUMENT_LIMITS } from "../../server/graphql.ts";
import { schema } from "../../server/schema/index.ts";
import { signedIn } from "../authz/principals.ts";
import { aliasDocument, deepDocument, store, useLimitsStore } from "./limits-setup.ts";

useLimitsStore();

const PRODUCT_SCREEN = `query ProductScreenQuery($slug: String!) {
  product(slug: $slug) {
    id itemId slug name description imageUrl productType soldOut onSale variedPrices hasVariants
    quantityInputShown isSubscribable subscriptionPriceText
    subscriptionPlan { billingPeriod { value unit } numBillingCycles }
    merchandising { customSoldOutText scarcityEnabled scarcityText scarcityShownByDefault restockNotificationsEnabled restockNotificationMessages mailingListSignUpEnabled mailingListOptInByDefault }
    additionalFieldsForm { id name fields { fieldId type title description placeholder required maxLength options questions } }
    ...ProductPrice_product
    ...VariantSelector_product
    ...AddToCartButton_product
  }
}
fragment ProductPrice_product on Product {
  price { value currency decimalValue currencyCode formatted }
  priceDisplay { fromPrice { value formatted } salePrice { value formatted } normalPrice { value formatted } }
  priceMoney { value formatted } salePriceMoney { value formatted }
}
fragment VariantSelector_product on Product {
  variantOptionOrdering
  variantOptions { name values selectText }
  variants { id sku attributes { name value } optionValues price { value currency decimalValue currencyCode formatted } salePrice { value currency decimalValue currencyCode formatted } onSale unlimited qtyInStock soldOut }
  giftCardDenominations { sku amount { value formatted } }
}
fragment AddToCartButton_product on Product { id itemId addButtonText soldOut productType isSubscribable }`;

const CART_SCREEN = `query CartScreenQuery {
  cart {
    id token totalQuantity isPurchased
    ...CartTotals_cart
    entries {
      id itemId title quantity additionalFields
      purchasePrice { value formatted } subtotal { value formatted }
      chosenVariant { sku attributes { name value } }
      product { id slug imageUrl url quantityInputShown additionalFieldsForm { id fields { fieldId type title required maxLength } } }
    }
    shippingOptions { id name price { value formatted } }
    selectedShippingOption { id name price { formatted } }
    shippingLocation { country region postalCode }
    coupons validCoupons invalidCoupons
    applicableTaxRules { name ratePercent }
  }
}
fragment CartTotals_cart on Cart {
  subtotal { value formatted } discount { value formatted } tax { value formatted } shippingCost { value formatted }
  grandTotal { value formatted } requiresShipping purelyDigital hasDigital
}`;

// Relay writes a fragment's @arguments(count: 20) into the query text as a literal.
const PRODUCT_LIST_WITH_VARIANTS = `query IntegratorProductList {
  products(first: 20) {
    edges { cursor node { id ...ProductCard_product } }
    pageInfo { hasNextPage endCursor }
  }
}
fragment ProductCard_product on Product {
  id itemId slug name url imageUrl productType soldOut onSale variedPrices unlimitedStock
  price { value currency decimalValue formatted }
  variants { sku price { value currency decimalValue } salePrice { value } onSale unlimited qtyInStock }
}`;

interface Measures {
  depth: number;
  aliases: number;
  tokens: number;
  cost: number;
}

/** The document's measures as the server's limit plugins count them (same rules, same options). */
function measure(document: string): Measures {
  const parsed = parse(document);
  const invalid = validate(schema, parsed);
  if (invalid.length) throw new Error(invalid.map((error) => error.message).join("\n"));
  const measures: Partial<Measures> = {};
  const errors = validate(schema, parsed, [
    maxDepthRule({ n: Infinity, flattenFragments: true, onAccept: [(_context, { n }) => (measures.depth = n)] }),
    maxAliasesRule({ n: Infinity, onAccept: [(_context, { n }) => (measures.aliases = n)] }),
    costLimitRule({ maxCost: Infinity, flattenFragments: true, onAccept: [(_context, { n }) => (measures.cost = n)] }),
  ]);
  if (errors.length) throw new Error(errors.map((error) => error.message).join("\n"));
  const lexer = new Lexer(new Source(document));
  let tokens = 0;
  while (lexer.advance().kind !== TokenKind.EOF) tokens++;
  return { ...(measures as Omit<Measures, "tokens">), tokens };
}

describe("our client's queries stay well under the limits (depth at most 7 of 10, at most a third of the aliases, half the tokens and half the cost)", () => {
  it("measures as the server does: the rejected 11-deep document measures depth 11", () => {
    expect(measure(deepDocument(11)).depth).toBe(11);
    expect(measure(aliasDocument(16)).aliases).toBe(16);
  });

  // Every operation the client ships, as relay-compiler wrote it (client/__generated__), and the
  // screens still to come (sketched above).
  const compiled = readdirSync(join(projectRoot, "client/__generated__"))
    .filter((file) => /(Query|Mutation|Subscription)\.graphql\.ts$/.test(file))
    .map((file) => {
      const source = readFileSync(join(projectRoot, "client/__generated__", file), "utf8");
      const text = JSON.parse(/"text": ("(?:[^"\\]|\\.)*")/.exec(source)![1]) as string;
      // Run the queries that need no variables; every operation is measured.
      return {
        name: `${file.replace(".graphql.ts", "")} (compiled)`,
        document: text,
        variables: {},
        withCart: false,
        run: /^query/.test(text) && !/\$\w+: [\w[\]]+!/.test(text),
      };
    });
  const screens = [
    {
      name: "ProductScreenQuery (product by slug with variants and prices)",
      document: PRODUCT_SCREEN,
      variables: { slug: "linen-shirt" },
      withCart: false,
      run: true,
    },
    { name: "CartScreenQuery (the cart page)", document: CART_SCREEN, variables: {}, withCart: true, run: true },
    ...compiled,
  ].map((screen) => ({ ...screen, ...measure(screen.document) }));

  it("finds the client's compiled operations", () => {
    expect(compiled.map((operation) => operation.name)).toContain("HomeScreenQuery (compiled)");
  });

  it("accepts an integrator's list of 20 products with their variants and prices (under every limit)", async () => {
    const measured = measure(PRODUCT_LIST_WITH_VARIANTS);
    expect(measured.cost).toBeLessThan(DOCUMENT_LIMITS.maxCost);
    const result = await store.visitor().graphql(PRODUCT_LIST_WITH_VARIANTS);
    expect(result.errors).toBeUndefined();
    expect(result.data.products.edges).toHaveLength(9);
  });

  it.each(screens)(
    "$name: depth $depth, aliases $aliases, tokens $tokens, cost $cost",
    async ({ document, variables, withCart, run, depth, aliases, tokens, cost }) => {
      expect(depth).toBeLessThanOrEqual(DOCUMENT_LIMITS.maxDepth - 3);
      expect(aliases).toBeLessThanOrEqual(DOCUMENT_LIMITS.maxAliases / 3);
      expect(tokens).toBeLessThanOrEqual(DOCUMENT_LIMITS.maxTokens / 2);
      expect(cost).toBeLessThanOrEqual(DOCUMENT_LIMITS.maxCost / 2);

      if (!run) return;
      // As the demo store's owner (admin): the storefront's queries answer anyone, the admin's need an owner.
      const visitor = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
      if (withCart) {
        const itemId = String(await store.itemId("engraved-pen"));
        await visitor.graphql(`mutation($input: AddCartEntryInput!) { addCartEntry(input: $input) { __typename } }`, {
          input: { itemId, additionalFields: { engraving: "Ada" } },
        });
      }
      const result = await visitor.graphql(document, variables);
      expect(result.errors).toBeUndefined();
      expect(result.status).toBe(200);
    },
  );
});
