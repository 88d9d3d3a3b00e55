// Gift cards (spec §5 Gift card): the shopper must pick one of the configured denominations.
import { messages } from "../messages/storefront.ts";

export type DenominationChoice = { ok: true; amount: number } | { ok: false; message: string };

export function chooseDenomination(denominations: readonly number[], chosen: number | null | undefined): DenominationChoice {
  if (chosen === null || chosen === undefined || !denominations.includes(chosen)) {
    return { ok: false, message: messages.selectDenomination };
  }
  return { ok: true, amount: chosen };
}
