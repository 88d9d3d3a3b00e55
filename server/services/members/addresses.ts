// A signed-in member's saved addresses (issue 14): offered at checkout, added when the shopper asks
// to save the address they check out with. Only the checkout writes them for now.
import type { Db, Tx } from "../../db/client.ts";
import { toAddressRow, toAddressView, type AddressView } from "../checkout/addresses.ts";

export interface SavedAddressView extends AddressView {
  id: number;
}

/** At most this many addresses per member: the oldest goes when a new one is saved. */
export const MAX_SAVED_ADDRESSES = 20;

const sameAddress = (a: AddressView, b: AddressView) => JSON.stringify(toAddressRow(a)) === JSON.stringify(toAddressRow(b));

export class MemberAddressService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
  ) {}

  /** The member's saved addresses, the latest first; none for an account that is not the site's. */
  async list(accountId: number): Promise<SavedAddressView[]> {
    const rows = await this.db.memberAddress.findMany({
      where: { accountId, account: { websiteId: this.websiteId } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: MAX_SAVED_ADDRESSES,
    });
    return rows.map((row) => ({ id: row.id, ...toAddressView(row) }));
  }
}

/**
 * Saves a validated address to the member's account in the caller's transaction, once: an address the
 * member already saved is not saved again. Keeps the latest MAX_SAVED_ADDRESSES.
 */
export async function saveMemberAddress(tx: Tx, accountId: number, address: AddressView): Promise<void> {
  const existing = await tx.memberAddress.findMany({ where: { accountId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  if (existing.some((row) => sameAddress(toAddressView(row), address))) return;
  await tx.memberAddress.create({ data: { accountId, ...toAddressRow(address) } });
  const beyond = existing.slice(MAX_SAVED_ADDRESSES - 1).map((row) => row.id);
  if (beyond.length > 0) await tx.memberAddress.deleteMany({ where: { id: { in: beyond } } });
}
