// The form blocks' texts (spec §4 Form, §5 Forms, §8 form messages and submit errors; ours where the spec
// words none): a module of their own, loaded with the forms (contact page, form blocks, additional
// fields), so the product page's bundle does not carry them.
import { EMAIL_FORMAT_EXAMPLE } from "./storefront.ts";

export const formMessages = {
  required: "Required",
  characterLimitExceeded: "You have exceeded the character limit.",
  formInvalid: "One or more fields is invalid, please check your entries.",
  /** 'Email is not valid. Email addresses should follow the format {email}.' */
  emailNotValid: (example: string = EMAIL_FORMAT_EXAMPLE) => `Email is not valid. Email addresses should follow the format ${example}.`,
  formUnauthorized: "Unable to submit form. Please try again later.",
  formNotConfigured: "This form has not been configured yet.",
  formRateLimited: "Unable to submit form. Submission rate limit exceeded. Please try again later.",
  formServerError: "Unable to send form. Please try again later.",
  formUnknownError: "Unknown error, please try again later.",
  formProcessingError: "Error processing form submission. Please reload and try again.",
  recaptchaFailed: "reCAPTCHA failed. Refresh this page and try again.",
  formKeyUnavailable: "Could not get a form submission key, please try again later.",
  formFieldsUnparseable: "Could not parse the form fields, please check your entries.",
  formProblemAbove: "Your form has encountered a problem. Please scroll down to review.",
  formProblemBelow: "Your form has encountered a problem. Please scroll up to review.",
  submitting: "Submitting…",
  /** §4 Text area counter 'used / max'. */
  characterCount: (used: number, max: number) => `${used} / ${max}`,
  /** platform-support §9 Likert labels, for the scores -2, -1, 0, 1, 2. */
  likertLabels: ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"],
  notAnOption: "Please choose one of the options.", // ours
  notANumber: "Please enter a number.", // ours
  invalidDate: "Please enter a valid date.", // ours
  invalidTime: "Please enter a valid time.", // ours
  invalidLikert: "Please answer with a score from -2 to 2.", // ours
  urlTooLong: "Please enter a web address shorter than 2083 characters.", // ours
  formNotFound: "That form could not be found.", // ours
  templateTypeUnknown: "Only type=form has a template schema.", // ours
  newsletterConfirmInvalid: "This confirmation link is not valid or has expired.", // ours
} as const;
