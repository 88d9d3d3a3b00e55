// The permission matrix (docs/permissions.md), enforced over GraphQL: every owner operation run as
// anonymous, as a site member and as each of the 14 contributor roles. Anonymous callers get
// UNAUTHENTICATED (401), signed-in callers without the permission FORBIDDEN (403), and a refused call
// changes nothing (the state it would change is read before and after).
import { graphqlOperations } from "./graphql-operations.ts";
import { checkEachOperation, useOwnerOperationsStore } from "./owner-operations-setup.ts";

useOwnerOperationsStore();

checkEachOperation(graphqlOperations);
