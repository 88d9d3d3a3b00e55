// Owners (orders.write): an order's download links work again for the store's expiry, counts reset (issue 23).
import { graphql } from "react-relay";
import type { RenewOrderDownloadsMutation } from "../../__generated__/RenewOrderDownloadsMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation RenewOrderDownloadsMutation($input: RenewOrderDownloadsInput!) {
    renewOrderDownloads(input: $input) {
      __typename
      ... on RenewOrderDownloadsSuccess {
        orderId
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useRenewOrderDownloadsMutation = () => useInputMutation<RenewOrderDownloadsMutation>(mutation);
