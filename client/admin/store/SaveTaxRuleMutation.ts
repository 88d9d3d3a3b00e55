// Owners: adds or changes a tax rule; the answer replaces the store settings screen's copy.
import { graphql } from "react-relay";
import type { SaveTaxRuleMutation } from "../../__generated__/SaveTaxRuleMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation SaveTaxRuleMutation($input: SaveTaxRuleInput!) {
    saveTaxRule(input: $input) {
      __typename
      ... on SaveTaxRuleSuccess {
        storeSettings {
          id
          ...StoreSettingsScreen_settings
        }
      }
      ... on FormInvalidError {
        fieldErrors {
          fieldId
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useSaveTaxRuleMutation = () => useInputMutation<SaveTaxRuleMutation>(mutation);
