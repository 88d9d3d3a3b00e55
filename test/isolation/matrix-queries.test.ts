// The isolation matrix over every GraphQL query (matrix.ts says what each case checks).
import { graphqlOperations, nodeTypesWithoutObjects } from "./graphql-operations.ts";
import { checkOperations, useWorld } from "./matrix.ts";

const world = useWorld();

it("has an object of each site for every Node type", () => {
  expect(nodeTypesWithoutObjects()).toEqual([]);
});

checkOperations(() => graphqlOperations("query"), world);
