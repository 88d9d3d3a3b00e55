// What the catalog screens' tests share: products as the server answers them and the mock
// environment's pending operations.
import { act } from "@testing-library/react";
import { MockPayloadGenerator } from "relay-test-utils";
import type { MockResolvers } from "relay-test-utils/lib/RelayMockPayloadGenerator";
import type { preload } from "../../support/render.tsx";

export type Environment = ReturnType<typeof preload>["environment"];

export const VIEWER = ["products.read", "commerce.read", "site.read", "forms.read", "templates.read"];

export const connection = (nodes: Record<string, unknown>[], hasNextPage = false) => ({
  edges: nodes.map((node, index) => ({ node, cursor: `c${index}` })),
  pageInfo: { hasNextPage, endCursor: hasNextPage ? "next" : null },
});

export const mug = {
  id: "UHJvZHVjdDoy",
  itemId: "2",
  name: "Ceramic Mug",
  productType: "PHYSICAL",
  visible: true,
  isSubscribable: false,
  price: { formatted: "$18.00" },
  unlimitedStock: false,
  totalStock: 3,
};
export const ebook = {
  ...mug,
  id: "UHJvZHVjdDo0",
  itemId: "4",
  name: "Recipe eBook",
  productType: "DIGITAL",
  visible: false,
  price: { formatted: "$12.00" },
  unlimitedStock: true,
  totalStock: null,
};

/** The names of the pending operations, oldest first. */
/** Queries and mutations waiting for an answer (the live stock subscription stays open, so it is left out). */
export const pending = (environment: Environment) =>
  environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.operationKind !== "subscription")
    .map((operation) => operation.request.node.params.name);
export const latest = (environment: Environment) => environment.mock.getMostRecentOperation();

/** Answers the newest operation with generated data shaped by `resolvers` (a union member by its __typename). */
export async function answer(environment: Environment, resolvers: MockResolvers) {
  await act(async () => environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, resolvers)));
}

export const shirt = {
  id: "UHJvZHVjdDox",
  itemId: "1",
  name: "Linen Shirt",
  slug: "linen-shirt",
  description: "Linen.",
  productType: "PHYSICAL",
  visible: true,
  isSubscribable: false,
  subscriptionPlan: null,
  priceMoney: null,
  salePriceMoney: null,
  onSale: false,
  variantOptionOrdering: ["Size", "Color"],
  variants: [
    {
      id: "VmFyaWFudDox",
      variantId: 11,
      sku: "LINEN-S-WHITE",
      attributes: [
        { name: "Size", value: "S" },
        { name: "Color", value: "White" },
      ],
      price: { value: 4500, currency: "USD" },
      salePrice: { value: 0 },
      onSale: false,
      unlimited: false,
      qtyInStock: 10,
    },
  ],
  giftCardDenominations: [],
  additionalFieldsForm: null,
  useCustomAddButtonText: false,
  customAddButtonText: null,
  merchandising: {
    customSoldOutText: null,
    scarcityEnabled: true,
    scarcityText: "Only {qty} left!",
    restockNotificationsEnabled: false,
    restockNotificationMessages: {},
    mailingListSignUpEnabled: false,
    mailingListOptInByDefault: false,
  },
};
