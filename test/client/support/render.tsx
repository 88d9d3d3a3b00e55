// Renders client components inside a Relay mock environment and a router context.
import { act, render } from "@testing-library/react";
import { Suspense, type ReactElement } from "react";
import { loadQuery, RelayEnvironmentProvider } from "react-relay";
import type { GraphQLTaggedNode, OperationType } from "relay-runtime";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import type { MockResolvers } from "relay-test-utils/lib/RelayMockPayloadGenerator";
import { RouterContext } from "../../../client/shared/router/Router.tsx";

export function renderWithRelay(ui: ReactElement, environment = createMockEnvironment()) {
  const navigate = jest.fn();
  const utils = render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterContext.Provider value={{ navigate, location: "/" }}>
        <Suspense fallback={<p>Loading</p>}>{ui}</Suspense>
      </RouterContext.Provider>
    </RelayEnvironmentProvider>,
  );
  return { ...utils, environment, navigate };
}

/** Loads `query` in a mock environment answered by `resolvers`, as a route would preload it. */
export function preload<T extends OperationType>(query: GraphQLTaggedNode, variables: T["variables"], resolvers: MockResolvers) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<T>(environment, query, variables);
  environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, resolvers));
  return { environment, queryRef };
}

/** Answers the newest pending operation (a mutation) with exactly this `data`. */
export async function answerLatest(environment: ReturnType<typeof createMockEnvironment>, data: Record<string, unknown>) {
  await act(async () => {
    environment.mock.resolveMostRecentOperation({ data } as never);
  });
}

export async function failLatest(environment: ReturnType<typeof createMockEnvironment>, error: Error) {
  await act(async () => {
    environment.mock.rejectMostRecentOperation(error);
  });
}
