// A signed-in member's saved addresses (issue 14): offered at checkout, saved when the shopper asks to
// keep the address they check out with, and kept in the member's address book (/account/addresses,
// issue 23), where they are added, edited and deleted under the checkout's own address rules.
import type { PostalAddress } from "../../domain/checkout/address.ts";
import { FormInvalidError, NotAllowedError, NotFoundError } from "../../domain/errors.ts";
import { memberMessages } from "../../domain/messages/members.ts";
import type { Db, Tx } from "../../db/client.ts";
import { addressErrors, rulesFor, tidyAddress, toAddressRow, toAddressView, type AddressView } from "../checkout/addresses.ts";

export interface SavedAddressView extends AddressView {
  id: number;
}

/** At most this many addresses per member: the address book refuses one more; a checkout's save lets the oldest go. */
export const MAX_SAVED_ADDRESSES = 20;

/** Field errors of the address book's forms are named `address.<field>` (the input's field). */
export const SAVED_ADDRESS_FIELD = "address";

const sameAddress = (a: AddressView, b: AddressView) => JSON.stringify(toAddressRow(a)) === JSON.stringify(toAddressRow(b));

const LATEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** The address checked by the checkout's rules (every invalid field at once) and tidied for storing, phone in E.164. */
async function validAddress(address: PostalAddress): Promise<AddressView> {
  const rules = (await rulesFor([address])).get(address.country.trim().toUpperCase()) ?? null;
  const fieldErrors = addressErrors(address, rules, SAVED_ADDRESS_FIELD);
  if (fieldErrors.length > 0) throw new FormInvalidError(fieldErrors);
  return tidyAddress(address, rules);
}

export class MemberAddressService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
  ) {}

  /** The member's saved addresses, the latest first; none for an account that is not the site's. */
  async list(accountId: number): Promise<SavedAddressView[]> {
    const rows = await this.db.memberAddress.findMany({
      where: { accountId, account: { websiteId: this.websiteId } },
      orderBy: LATEST_FIRST,
      take: MAX_SAVED_ADDRESSES,
    });
    return rows.map((row) => ({ id: row.id, ...toAddressView(row) }));
  }

  /**
   * Adds an address to the member's book; one they already saved is answered as it is, not saved twice.
   * @throws FormInvalidError (fields `address.<field>`), NotAllowedError when the book holds MAX_SAVED_ADDRESSES.
   */
  async add(accountId: number, address: PostalAddress): Promise<SavedAddressView> {
    const tidy = await validAddress(address);
    return this.db.$transaction(async (tx) => {
      const existing = await this.rowsOf(tx, accountId);
      const same = existing.find((row) => sameAddress(toAddressView(row), tidy));
      if (same) return { id: same.id, ...toAddressView(same) };
      if (existing.length >= MAX_SAVED_ADDRESSES) throw new NotAllowedError(memberMessages.savedAddressLimit(MAX_SAVED_ADDRESSES));
      const row = await tx.memberAddress.create({ data: { accountId, ...toAddressRow(tidy) } });
      return { id: row.id, ...toAddressView(row) };
    });
  }

  /**
   * Replaces one of the member's addresses (it keeps its place in the list).
   * @throws NotFoundError for an id that is not one of this member's addresses; FormInvalidError as `add`.
   */
  async update(accountId: number, addressId: number, address: PostalAddress): Promise<SavedAddressView> {
    // Not found before invalid: another member's id learns nothing from the input's check.
    await this.ownRow(this.db, accountId, addressId);
    const tidy = await validAddress(address);
    return this.db.$transaction(async (tx) => {
      await this.ownRow(tx, accountId, addressId);
      const row = await tx.memberAddress.update({ where: { id: addressId }, data: toAddressRow(tidy) });
      return { id: row.id, ...toAddressView(row) };
    });
  }

  /** Deletes one of the member's addresses. @throws NotFoundError for an id that is not one of theirs. */
  async delete(accountId: number, addressId: number): Promise<void> {
    await this.db.$transaction(async (tx) => {
      await this.ownRow(tx, accountId, addressId);
      await tx.memberAddress.delete({ where: { id: addressId } });
    });
  }

  private rowsOf(tx: Tx | Db, accountId: number) {
    return tx.memberAddress.findMany({ where: { accountId, account: { websiteId: this.websiteId } }, orderBy: LATEST_FIRST });
  }

  /** Another account's address, or another site's, reads as no address at all. */
  private async ownRow(tx: Tx | Db, accountId: number, addressId: number) {
    const row = await tx.memberAddress.findFirst({ where: { id: addressId, accountId, account: { websiteId: this.websiteId } } });
    if (!row) throw new NotFoundError(memberMessages.savedAddressNotFound);
    return row;
  }
}

/**
 * Saves a validated address to the member's account in the caller's transaction, once: an address the
 * member already saved is not saved again. Keeps the latest MAX_SAVED_ADDRESSES (a checkout is not
 * refused for a full address book).
 */
export async function saveMemberAddress(tx: Tx, accountId: number, address: AddressView): Promise<void> {
  const existing = await tx.memberAddress.findMany({ where: { accountId }, orderBy: LATEST_FIRST });
  if (existing.some((row) => sameAddress(toAddressView(row), address))) return;
  await tx.memberAddress.create({ data: { accountId, ...toAddressRow(address) } });
  const beyond = existing.slice(MAX_SAVED_ADDRESSES - 1).map((row) => row.id);
  if (beyond.length > 0) await tx.memberAddress.deleteMany({ where: { id: { in: beyond } } });
}
