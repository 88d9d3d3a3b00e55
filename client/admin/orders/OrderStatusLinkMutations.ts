// Owners (orders.write): revoke an order's status link, or send the buyer a new one (issue 24 §3).
import { graphql } from "react-relay";
import type { RevokeOrderStatusLinkMutation } from "../../__generated__/RevokeOrderStatusLinkMutation.graphql";
import type { ReissueOrderStatusLinkMutation } from "../../__generated__/ReissueOrderStatusLinkMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export const useRevokeOrderStatusLinkMutation = () =>
  useInputMutation<RevokeOrderStatusLinkMutation>(graphql`
    mutation RevokeOrderStatusLinkMutation($input: RevokeOrderStatusLinkInput!) {
      revokeOrderStatusLink(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);

export const useReissueOrderStatusLinkMutation = () =>
  useInputMutation<ReissueOrderStatusLinkMutation>(graphql`
    mutation ReissueOrderStatusLinkMutation($input: ReissueOrderStatusLinkInput!) {
      reissueOrderStatusLink(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);
