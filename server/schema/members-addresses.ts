// The signed-in member's address book (issue 23): add, edit and delete their saved addresses, checked
// by the checkout's address rules (services/members/addresses.ts). Reading them is `savedAddresses`
// (checkout.ts). Anonymous callers are refused as every member mutation refuses them (UNAUTHENTICATED).
import { FormInvalidError, NotAllowedError, NotFoundError, NotSignedInError } from "../domain/errors.ts";
import { memberMessages } from "../domain/messages/members.ts";
import { MAX_SAVED_ADDRESSES } from "../services/members/addresses.ts";
import type { Viewer } from "../services/members/sessions.ts";
import { builder } from "./builder.ts";
import { AddressInput, postalAddressOf, SavedAddressRef } from "./checkout.ts";
import { rawId } from "./ids.ts";
import { deletedSuccess, successWith } from "./payloads.ts";

const FIELD_ERRORS_HELP = 'Field errors are named `address.<field>` ("address.postalCode").';

/** The signed-in member's account id; anonymous callers get the sign-in error. */
function memberOf(viewer: Viewer): number {
  if (!viewer.signedIn) throw new NotSignedInError();
  return viewer.accountId;
}

const savedAddressIdOf = (id: string | number) => rawId(id, "SavedAddress", memberMessages.savedAddressNotFound);

builder.mutationFields((t) => ({
  addSavedAddress: t.field({
    type: successWith("AddSavedAddressSuccess", "savedAddress", SavedAddressRef),
    description: `The signed-in member saves an address to their address book (one they already saved is answered as it is). ${FIELD_ERRORS_HELP} NotAllowedError when the book is full (${MAX_SAVED_ADDRESSES}).`,
    errors: { types: [FormInvalidError, NotAllowedError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("AddSavedAddressInput", { fields: (f) => ({ address: f.field({ type: AddressInput, required: true }) }) }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const accountId = memberOf(ctx.viewer);
      return { savedAddress: await ctx.services.memberAddresses.add(accountId, postalAddressOf(input.address)) };
    },
  }),
  updateSavedAddress: t.field({
    type: successWith("UpdateSavedAddressSuccess", "savedAddress", SavedAddressRef),
    description: `The signed-in member changes one of their saved addresses. ${FIELD_ERRORS_HELP}`,
    errors: { types: [NotFoundError, FormInvalidError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("UpdateSavedAddressInput", {
          fields: (f) => ({ savedAddressId: f.id({ required: true }), address: f.field({ type: AddressInput, required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const accountId = memberOf(ctx.viewer);
      const savedAddressId = savedAddressIdOf(input.savedAddressId);
      return { savedAddress: await ctx.services.memberAddresses.update(accountId, savedAddressId, postalAddressOf(input.address)) };
    },
  }),
  deleteSavedAddress: t.field({
    type: deletedSuccess("DeleteSavedAddressSuccess"),
    description: "The signed-in member deletes one of their saved addresses.",
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("DeleteSavedAddressInput", { fields: (f) => ({ savedAddressId: f.id({ required: true }) }) }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const accountId = memberOf(ctx.viewer);
      const savedAddressId = savedAddressIdOf(input.savedAddressId);
      await ctx.services.memberAddresses.delete(accountId, savedAddressId);
      return { id: savedAddressId };
    },
  }),
}));
