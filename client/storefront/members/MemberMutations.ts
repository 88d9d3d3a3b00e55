// The members' mutations of the storefront (issue 12): sign-up, password reset, newsletter unsubscribe.
import { graphql } from "react-relay";
import type { MemberMutationsSignUpMutation } from "../../__generated__/MemberMutationsSignUpMutation.graphql";
import type { MemberMutationsRequestResetMutation } from "../../__generated__/MemberMutationsRequestResetMutation.graphql";
import type { MemberMutationsResetPasswordMutation } from "../../__generated__/MemberMutationsResetPasswordMutation.graphql";
import type { MemberMutationsUnsubscribeMutation } from "../../__generated__/MemberMutationsUnsubscribeMutation.graphql";
import type { MemberMutationsUnlockPageMutation } from "../../__generated__/MemberMutationsUnlockPageMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export const useSignUpMutation = () =>
  useInputMutation<MemberMutationsSignUpMutation>(graphql`
    mutation MemberMutationsSignUpMutation($input: SignUpInput!) {
      signUp(input: $input) {
        __typename
        ... on SignUpSuccess {
          xsrfToken
        }
        ... on Error {
          message
        }
      }
    }
  `);

export const useRequestPasswordResetMutation = () =>
  useInputMutation<MemberMutationsRequestResetMutation>(graphql`
    mutation MemberMutationsRequestResetMutation($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);

export const useResetPasswordMutation = () =>
  useInputMutation<MemberMutationsResetPasswordMutation>(graphql`
    mutation MemberMutationsResetPasswordMutation($input: ResetPasswordInput!) {
      resetPassword(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);

export const useUnsubscribeNewsletterMutation = () =>
  useInputMutation<MemberMutationsUnsubscribeMutation>(graphql`
    mutation MemberMutationsUnsubscribeMutation($input: UnsubscribeNewsletterInput!) {
      unsubscribeNewsletter(input: $input) {
        __typename
        ... on UnsubscribeNewsletterSuccess {
          mailingList
        }
        ... on Error {
          message
        }
      }
    }
  `);

export const useUnlockPageMutation = () =>
  useInputMutation<MemberMutationsUnlockPageMutation>(graphql`
    mutation MemberMutationsUnlockPageMutation($input: UnlockPageInput!) {
      unlockPage(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);
