// Marketing hooks (issue 10 item 7): the ads pixel id's rule, shared with the admin client.
import { z } from "zod";
import { refusal } from "../inputs.ts";
import { ownerMessages } from "../messages/owner.ts";

/** An ads pixel id: 5 to 20 digits (as Meta's pixel ids are); empty clears it. */
export const PIXEL_ID_PATTERN = /^[0-9]{5,20}$/;

export const pixelIdInput = z
  .string()
  .transform((value) => value.trim())
  .refine((value) => value === "" || PIXEL_ID_PATTERN.test(value), refusal(ownerMessages.pixelIdInvalid));
