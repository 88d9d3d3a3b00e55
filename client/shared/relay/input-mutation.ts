// Every mutation takes one `input` (docs/api.md). Components commit with the input's fields as their
// variables, as they did before the schema took one input; the hook wraps them into `input`.
import { useCallback } from "react";
import { useMutation, type UseMutationConfig } from "react-relay";
import type { Disposable, GraphQLTaggedNode, MutationParameters } from "relay-runtime";

type InputMutation = MutationParameters & { variables: { input: object } };

/** What a component passes as `variables`: the mutation's input fields (or any shape `toInput` takes). */
export type CommitConfig<M extends InputMutation, Variables = M["variables"]["input"]> = Omit<UseMutationConfig<M>, "variables"> & { variables: Variables };

const asInput = <Input>(variables: unknown) => variables as Input;

/** useMutation for a one-`input` mutation; `toInput` maps the component's variables to the input. */
export function useInputMutation<M extends InputMutation, Variables = M["variables"]["input"]>(
  mutation: GraphQLTaggedNode,
  toInput: (variables: Variables) => M["variables"]["input"] = asInput,
) {
  const [commit, inFlight] = useMutation<M>(mutation);
  const commitInput = useCallback(
    (config: CommitConfig<M, Variables>): Disposable => commit({ ...config, variables: { input: toInput(config.variables) } as M["variables"] }),
    [commit, toInput],
  );
  return [commitInput, inFlight] as const;
}
