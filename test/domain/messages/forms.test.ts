// The form, restock and owner-area texts of the spec, word for word (storefront §4, §5, §8;
// platform-support §5, §8, §9). Those the client shows (the page's form states) are checked here
// against the catalogue; those the server sends are also checked in the REST tests.
import { messages } from "../../../server/domain/messages/storefront.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import { formMessages } from "../../../server/domain/messages/forms.ts";

it.each([
  ["formUnauthorized", "Unable to submit form. Please try again later."],
  ["formNotConfigured", "This form has not been configured yet."],
  ["formRateLimited", "Unable to submit form. Submission rate limit exceeded. Please try again later."],
  ["formServerError", "Unable to send form. Please try again later."],
  ["formUnknownError", "Unknown error, please try again later."],
  ["formProcessingError", "Error processing form submission. Please reload and try again."],
  ["recaptchaFailed", "reCAPTCHA failed. Refresh this page and try again."],
  ["formKeyUnavailable", "Could not get a form submission key, please try again later."],
  ["formFieldsUnparseable", "Could not parse the form fields, please check your entries."],
  ["formProblemAbove", "Your form has encountered a problem. Please scroll down to review."],
  ["formProblemBelow", "Your form has encountered a problem. Please scroll up to review."],
  ["submitting", "Submitting…"],
  ["restockEmailBlank", "Email cannot be blank"],
  ["restockEmailInvalid", "Email is invalid"],
  ["completeCaptcha", "Complete CAPTCHA before submitting."],
  ["signedUp", "Signed up!"],
  ["mainNavigationMissing", "Unable to find site main navigation"],
  ["recaptchaNotSetUp", "ReCaptcha has not been set up!"],
  ["noMailingLists", "You don't have any mailing lists. Please create one before continuing"],
  ["listNotSelected", "A List must be selected"],
  ["enterValidEmail", "Please enter a valid email"],
] as const)("%s is %j", (key, text) => {
  expect({ ...messages, ...formMessages, ...ownerMessages }[key]).toBe(text);
});

it("words the templated texts as the spec does", () => {
  expect(formMessages.characterCount(12, 200)).toBe("12 / 200");
  expect(ownerMessages.alreadyExists("category")).toBe("This category already exists");
  expect(ownerMessages.notValidPageUrl("ftp://x")).toBe("ftp://x is not a valid page URL");
  expect(formMessages.likertLabels).toEqual(["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"]);
});
