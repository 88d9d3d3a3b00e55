// The owner operations over GraphQL: the store's payment account (issue 22), admin only. The connect
// call's keys are malformed on purpose: an allowed caller gets FormInvalidError without Stripe.
import { graphql, type Operation, store } from "../owner-operations-setup.ts";

export const paymentsOperations: Operation[] = [
  { name: "query ownerPayments", permission: "payments.manage", run: (c) => graphql(c, "{ ownerPayments { id account { mode } } }") },
  {
    name: "mutation connectPaymentAccount",
    permission: "payments.manage",
    run: (c) => graphql(c, 'mutation { connectPaymentAccount(input: { publishableKey: "pk_test_x", secretKey: "nope" }) { __typename } }'),
    probe: () => store.db.paymentAccount.count(),
  },
  {
    name: "mutation disconnectPaymentAccount",
    permission: "payments.manage",
    run: (c) => graphql(c, "mutation { disconnectPaymentAccount { __typename } }"),
    probe: () => store.db.paymentAccount.count(),
  },
];
