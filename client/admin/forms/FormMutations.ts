// The form builder's mutations (forms.write): create, change, delete a form.
import { graphql } from "react-relay";
import type { CreateFormMutation } from "../../__generated__/CreateFormMutation.graphql.ts";
import type { DeleteFormMutation } from "../../__generated__/DeleteFormMutation.graphql.ts";
import type { UpdateFormMutation } from "../../__generated__/UpdateFormMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export const useCreateFormMutation = () =>
  useInputMutation<CreateFormMutation>(graphql`
    mutation CreateFormMutation($input: CreateFormInput!) {
      createForm(input: $input) {
        __typename
        ... on CreateFormSuccess {
          form {
            id
            formId
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

export const useUpdateFormMutation = () =>
  useInputMutation<UpdateFormMutation>(graphql`
    mutation UpdateFormMutation($input: UpdateFormInput!) {
      updateForm(input: $input) {
        __typename
        ... on UpdateFormSuccess {
          form {
            id
            formId
            key
            name
            kind
            fieldDefinitions
            submissionMessage
            disclaimer
            successRedirect
            captchaEnabled
            postSubmitHtml
            updatedAt
            mailingList {
              mailingListId
              name
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

export const useDeleteFormMutation = () =>
  useInputMutation<DeleteFormMutation>(graphql`
    mutation DeleteFormMutation($input: DeleteFormInput!) {
      deleteForm(input: $input) {
        __typename
        ... on DeleteFormSuccess {
          deletedId
        }
        ... on Error {
          message
        }
      }
    }
  `);
