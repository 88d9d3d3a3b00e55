// A product's translation into one of the site's other languages: name, description, option values.
import { graphql } from "react-relay";
import type { SetProductTranslationMutation } from "../../__generated__/SetProductTranslationMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation SetProductTranslationMutation($input: SetProductTranslationInput!) {
    setProductTranslation(input: $input) {
      __typename
      ... on SetProductTranslationSuccess {
        product {
          id
          translations {
            locale
            name
            description
            optionValues {
              optionName
              value
              translation
            }
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useSetProductTranslationMutation = () => useInputMutation<SetProductTranslationMutation>(mutation);
