// The isolation matrix over every REST route (matrix.ts says what each case checks).
import { restOperations } from "./rest-operations.ts";
import { checkOperations, useWorld } from "./matrix.ts";

const world = useWorld();

checkOperations(restOperations, world);
