// Owners: deletes a tax rule; the answer replaces the store settings screen's copy.
import { graphql } from "react-relay";
import type { DeleteTaxRuleMutation } from "../../__generated__/DeleteTaxRuleMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation DeleteTaxRuleMutation($input: DeleteTaxRuleInput!) {
    deleteTaxRule(input: $input) {
      __typename
      ... on DeleteTaxRuleSuccess {
        storeSettings {
          id
          ...StoreSettingsScreen_settings
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useDeleteTaxRuleMutation = () => useInputMutation<DeleteTaxRuleMutation>(mutation);
