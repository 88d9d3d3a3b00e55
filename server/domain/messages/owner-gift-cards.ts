// Texts only owners read about gift cards and subscriptions store-wide (issue 24 §6): the owner API's
// refusals. A bundle of its own beside owner.ts; the admin shows them as the server sends them.
export const ownerGiftCardMessages = {
  giftCardNotFound: "That gift card could not be found.", // ours
  giftCardAmountInvalid: "Enter an amount greater than zero, up to 10,000.", // ours
  giftCardRecipientInvalid: "Enter the recipient's email address, e.g. name@example.com.", // ours
  giftCardNoteTooLong: (max: number) => `Keep the note to ${max} characters or fewer.`, // ours
  giftCardReasonRequired: (max: number) => `Say why, in up to ${max} characters.`, // ours
  giftCardCodeEndingInvalid: (length: number) => `Enter the last group of the code: up to ${length} letters and digits.`, // ours
  giftCardAlreadyDisabled: "That gift card is already disabled.", // ours
  giftCardNotDisabled: "That gift card is not disabled.", // ours
};
