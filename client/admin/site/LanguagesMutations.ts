// The languages screen's changes: the site's languages (the first the default) and disconnecting the
// translation connection (server/schema/site-owner.ts).
import { graphql } from "react-relay";
import type { LanguagesMutationsUpdateMutation } from "../../__generated__/LanguagesMutationsUpdateMutation.graphql.ts";
import type { LanguagesMutationsDisconnectMutation } from "../../__generated__/LanguagesMutationsDisconnectMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import { useMutation } from "react-relay";

const update = graphql`
  mutation LanguagesMutationsUpdateMutation($input: UpdateLanguagesInput!) {
    updateLanguages(input: $input) {
      __typename
      ... on UpdateLanguagesSuccess {
        languages {
          code
          isDefault
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const disconnect = graphql`
  mutation LanguagesMutationsDisconnectMutation {
    disconnectMultilingual {
      __typename
      ... on DisconnectMultilingualSuccess {
        multilingual {
          connected
          languages {
            code
            isDefault
          }
        }
      }
    }
  }
`;

export const useUpdateLanguagesMutation = () => useInputMutation<LanguagesMutationsUpdateMutation>(update);
export const useDisconnectMultilingualMutation = () => useMutation<LanguagesMutationsDisconnectMutation>(disconnect);
