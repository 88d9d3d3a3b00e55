// The owner's note on an order's timeline (issue 24): answers the order or the note's field error.
import { graphql } from "react-relay";
import type { AddOrderNoteMutation } from "../../__generated__/AddOrderNoteMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const addOrderNote = graphql`
  mutation AddOrderNoteMutation($input: AddOrderNoteInput!) {
    addOrderNote(input: $input) {
      __typename
      ... on AddOrderNoteSuccess {
        order {
          ...OrderDetail_order
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

export const useAddOrderNoteMutation = () => useInputMutation<AddOrderNoteMutation>(addOrderNote);
