// The member's address book (issue 23): addresses are checked by the checkout's rules, the phone kept
// in E.164 (read in the address's country unless it starts with +), at most 20 per member (one more is
// refused, none silently dropped), and only the member's own addresses can be changed or deleted.
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import type { PostalAddress } from "../../../server/domain/checkout/address.ts";
import { MemberAddressService } from "../../../server/services/members/addresses.ts";
import { createTestDb } from "../../support/db.ts";

let db: Db;
let close: () => Promise<void>;
let book: MemberAddressService;
let memberId: number;
let otherId: number;

const BERLIN: PostalAddress = { fullName: "Ada Lovelace", line1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE" };
const NEW_YORK: PostalAddress = { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10118", country: "US" };

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  book = new MemberAddressService(db, DEMO_WEBSITE_ID);
  memberId = (await db.account.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, email: "member@sitecart.test" } })).id;
  otherId = (await db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "other@example.com", passwordHash: "x" } })).id;
});
afterAll(() => close());
beforeEach(() => db.memberAddress.deleteMany({}));

describe("adding an address", () => {
  it.each([
    ["+1 415 555 0100", NEW_YORK, "+14155550100"],
    ["030 1234567", BERLIN, "+49301234567"],
  ])("stores the phone %p in E.164", async (phone, address, e164) => {
    const saved = await book.add(memberId, { ...address, phone });
    expect(saved.phone).toBe(e164);
    expect(await book.list(memberId)).toEqual([expect.objectContaining({ id: saved.id, phone: e164, country: address.country })]);
  });

  it("refuses an address the checkout would refuse, naming each field as `address.<field>`", async () => {
    const refused = book.add(memberId, { ...BERLIN, postalCode: "1234", phone: "12" });
    await expect(refused).rejects.toMatchObject({
      code: "FORM_INVALID",
      fieldErrors: [
        { fieldId: "address.postalCode", message: "Postal code is not valid. Example: 26133." },
        { fieldId: "address.phone", message: "Please enter a valid phone number for Germany, or start it with + and the country code." },
      ],
    });
    expect(await book.list(memberId)).toEqual([]);
  });

  it("answers an address the member already saved without saving it twice", async () => {
    const first = await book.add(memberId, BERLIN);
    expect((await book.add(memberId, { ...BERLIN, city: " Berlin " })).id).toBe(first.id);
    expect(await book.list(memberId)).toHaveLength(1);
  });

  it("refuses a 21st address with a message, keeping the 20 there are", async () => {
    for (let n = 1; n <= 20; n++) await book.add(memberId, { ...BERLIN, line1: `Unter den Linden ${n}` });
    await expect(book.add(memberId, { ...BERLIN, line1: "Unter den Linden 21" })).rejects.toMatchObject({
      code: "NOT_ALLOWED",
      message: "You can keep up to 20 addresses. Delete one to add another.",
    });
    const kept = await book.list(memberId);
    expect(kept).toHaveLength(20);
    expect(kept.map((address) => address.line1)).toContain("Unter den Linden 1");
  });
});

describe("changing and deleting", () => {
  it("updates an address with the same rules, keeping its id", async () => {
    const saved = await book.add(memberId, BERLIN);
    const updated = await book.update(memberId, saved.id, { ...NEW_YORK, phone: "+1 415 555 0100" });
    expect(updated).toMatchObject({ id: saved.id, city: "New York", region: "NY", phone: "+14155550100" });
    await expect(book.update(memberId, saved.id, { ...NEW_YORK, region: "XX" })).rejects.toMatchObject({
      fieldErrors: [{ fieldId: "address.region", message: "Please choose one of the options." }],
    });
  });

  it("deletes an address", async () => {
    const saved = await book.add(memberId, BERLIN);
    await book.delete(memberId, saved.id);
    expect(await book.list(memberId)).toEqual([]);
  });

  it("answers not found for another account's address, and leaves it as it was", async () => {
    const theirs = await book.add(otherId, BERLIN);
    const notFound = { code: "NOT_FOUND", message: "We could not find this address in your account." };
    await expect(book.update(memberId, theirs.id, NEW_YORK)).rejects.toMatchObject(notFound);
    await expect(book.update(memberId, theirs.id, { ...NEW_YORK, region: "XX" })).rejects.toMatchObject(notFound);
    await expect(book.delete(memberId, theirs.id)).rejects.toMatchObject(notFound);
    expect(await book.list(otherId)).toEqual([expect.objectContaining({ id: theirs.id, city: "Berlin" })]);
  });

  it("answers not found for an account of another site", async () => {
    const elsewhere = new MemberAddressService(db, "another-site");
    const saved = await book.add(memberId, BERLIN);
    await expect(elsewhere.delete(memberId, saved.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await elsewhere.list(memberId)).toEqual([]);
  });
});
