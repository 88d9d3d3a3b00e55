// The isolation matrix over every GraphQL mutation (matrix.ts says what each case checks).
import { graphqlOperations } from "./graphql-operations.ts";
import { checkOperations, useWorld } from "./matrix.ts";

const world = useWorld();

checkOperations(() => graphqlOperations("mutation"), world);
