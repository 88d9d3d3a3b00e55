// One email rule (issue 20, rule 4; spec storefront §5 "Email validity" and §9 "Email length 3 to
// 256"): checkout, gift card recipients, form fields, the restock widget, members and invitations all
// accept and refuse the same addresses. A gift card used to accept `friend@shop.store` (zod's
// .email()) while checkout refused it (a top-level part of 2 to 4 alphanumerics).
import { giftCardDeliveryInput } from "../../server/domain/cart/gift-card-payment.ts";
import { checkoutEmailInput } from "../../server/domain/checkout-inputs.ts";
import { normalizeMemberEmail } from "../../server/domain/members/accounts.ts";
import { inviteInput } from "../../server/domain/members/people.ts";
import { restockEmailProblem } from "../../server/domain/restock/restock.ts";

const acceptedBy = (email: string) => ({
  checkout: checkoutEmailInput.safeParse(email).success,
  giftCard: giftCardDeliveryInput.safeParse({ recipientEmail: email, message: null }).success,
  restock: restockEmailProblem(email) === null,
  member: normalizeMemberEmail(email) !== null,
  invitation: inviteInput.safeParse({ email, role: 8 }).success,
});

const everywhere = (accepted: boolean) => ({ checkout: accepted, giftCard: accepted, restock: accepted, member: accepted, invitation: accepted });

it.each([
  ["friend@shop.com", true],
  ["o'brien+tag@mail.example.co.uk", true],
  ["friend@shop.store", false],
  ["friend@shop", false],
  ["no-at-sign.example.com", false],
  ["two@@example.com", false],
  [`${"a".repeat(251)}@b.com`, false],
])("%s is %s for checkout, gift cards, restock, members and invitations alike", (email, accepted) => {
  expect(acceptedBy(email)).toEqual(everywhere(accepted));
});
