// Owners: a new store (product collection, root category, optionally a main-navigation link).
import { graphql } from "react-relay";
import type { OwnerCreateStoreMutation } from "../../__generated__/OwnerCreateStoreMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation OwnerCreateStoreMutation($input: CreateStoreInput!) {
    createStore(input: $input) {
      __typename
      ... on CreateStoreSuccess {
        collection {
          collectionId
          urlId
          title
        }
        addedToNavigation
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useOwnerCreateStoreMutation = () => useInputMutation<OwnerCreateStoreMutation>(mutation);
