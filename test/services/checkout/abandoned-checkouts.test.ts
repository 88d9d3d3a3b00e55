// Abandoned checkout recovery (issue 24 part 4) against the database the suite runs on (SQLite by
// default, PostgreSQL with DATABASE_URL), with an injected clock: one reminder per cart after the
// owner's delay, none before, none twice, none for an ordered cart, none without consent or with the
// setting off; the recovery link restores the cart with its stock checked; recovered carts counted.
import { createJobs, JOB_NAMES } from "../../../server/services/jobs/index.ts";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";

const MINUTE = 60_000;
const START = new Date("2026-11-28T10:00:00Z");
let clock = START;
const advance = (minutes: number) => (clock = new Date(clock.getTime() + minutes * MINUTE));

let demo: DemoStoreServices;
let mug: { productId: number; id: number };
beforeAll(async () => {
  demo = await createDemoStoreServices({ now: () => clock });
  mug = await demo.db.variant.findFirstOrThrow({ where: { sku: "MUG-1" }, select: { id: true, productId: true } });
});
afterAll(() => demo.close());
beforeEach(async () => {
  clock = START;
  await demo.db.outboxEmail.deleteMany({});
  await demo.db.variant.update({ where: { id: mug.id }, data: { qtyInStock: 10, unlimited: false } });
  await demo.services.abandonedCheckouts.updateSettings({ enabled: true, delayMinutes: 60 });
});

const services = () => demo.services;
const address = { fullName: "Ann Buyer", line1: "1 Main St", city: "Brooklyn", region: "NY", postalCode: "11201", country: "US" };

/** A cart with `quantity` mugs whose shopper typed `email` at checkout. */
async function abandonedCart(email: string, marketingConsent: boolean, quantity = 1, language: string | null = null) {
  const visitor = { cartToken: null, crumb: null };
  const { cartToken } = await services().carts.addEntry(visitor, { itemId: mug.productId, sku: "MUG-1", quantity });
  expect(await services().abandonedCheckouts.recordContact(cartToken, { email, marketingConsent, language })).toBe(true);
  return cartToken;
}
const reminders = (to?: string) => demo.db.outboxEmail.findMany({ where: { kind: "ABANDONED_CHECKOUT", ...(to ? { toEmail: to } : {}) } });
const remind = () => services().abandonedCheckouts.remindDue();
const linkIn = (text: string) => /\/cart\/recover\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

it("sends nothing before the delay, one reminder after it, and none on the next run", async () => {
  await abandonedCart("ann@example.com", true, 2);
  advance(59);
  expect(await remind()).toBe(0);
  advance(1);
  expect(await remind()).toBe(1);
  const [email] = await reminders("ann@example.com");
  expect(email!.subject).toBe("You left something in your cart at Sitecart Demo");
  expect(email!.textBody).toContain("- 2 × Ceramic Mug");
  expect(email!.textBody).toMatch(/Return to your cart: http:\/\/[^ ]+\/cart\/recover\/[A-Za-z0-9_-]{20,}/);
  expect(email!.textBody).toContain("To stop these reminders, unsubscribe:");
  expect(email!.htmlBody).toContain("Ceramic Mug");
  advance(600);
  expect(await remind()).toBe(0);
  expect(await reminders("ann@example.com")).toHaveLength(1);
});

it("runs as the site's job", async () => {
  await abandonedCart("job@example.com", true);
  advance(61);
  const jobs = createJobs(services(), { onTimers: false, now: () => clock });
  await jobs.run(jobs.jobs.find((job) => job.name === JOB_NAMES.abandonedCheckouts)!);
  expect(await reminders("job@example.com")).toHaveLength(1);
});

it("never reminds a cart whose order was placed", async () => {
  const cartToken = await abandonedCart("bought@example.com", true);
  const result = await services().checkout.checkout({ cartToken, crumb: null }, { email: "bought@example.com", shippingAddress: address });
  expect("order" in result).toBe(true);
  advance(120);
  await remind();
  expect(await reminders("bought@example.com")).toEqual([]);
});

it("never reminds a shopper who did not tick the consent, or who unticked it", async () => {
  await abandonedCart("no@example.com", false);
  const token = await abandonedCart("changed@example.com", true);
  await services().abandonedCheckouts.recordContact(token, { email: "changed@example.com", marketingConsent: false });
  advance(120);
  await remind();
  expect(await reminders("no@example.com")).toEqual([]);
  expect(await reminders("changed@example.com")).toEqual([]);
});

it("sends nothing while the setting is off, and refuses a delay outside 15 minutes to 72 hours", async () => {
  await services().abandonedCheckouts.updateSettings({ enabled: false, delayMinutes: 15 });
  await abandonedCart("off@example.com", true);
  advance(120);
  expect(await remind()).toBe(0);
  await expect(services().abandonedCheckouts.updateSettings({ enabled: true, delayMinutes: 10 })).rejects.toThrow(
    "Enter a delay from 15 minutes to 72 hours, in whole minutes.",
  );
  await expect(services().abandonedCheckouts.updateSettings({ enabled: true, delayMinutes: 72 * 60 + 1 })).rejects.toThrow(/^Enter a delay/);
});

it("writes the reminder in the shopper's language when it has its texts", async () => {
  await abandonedCart("fr@example.com", true, 1, "fr-FR");
  advance(61);
  await remind();
  const [email] = await reminders("fr@example.com");
  expect(email!.subject).toBe("Vous avez oublié quelque chose dans votre panier chez Sitecart Demo");
  expect(email!.language).toBe("fr-FR");
});

describe("the recovery link", () => {
  it("names nothing for an unknown token", async () => {
    expect(await services().abandonedCheckouts.recover("not-a-real-token-at-all-000")).toBeNull();
    expect(await services().abandonedCheckouts.recover(undefined)).toBeNull();
  });

  it("restores the same cart, its stock checked again (fewer left: cut down; none: removed)", async () => {
    const cartToken = await abandonedCart("back@example.com", true, 3);
    advance(61);
    await remind();
    const token = linkIn((await reminders("back@example.com"))[0]!.textBody);
    expect(await services().abandonedCheckouts.recover(token)).toEqual({ cartToken, soldOut: [] });

    await demo.db.variant.update({ where: { id: mug.id }, data: { qtyInStock: 2 } });
    expect(await services().abandonedCheckouts.recover(token)).toEqual({ cartToken, soldOut: ["Ceramic Mug"] });
    expect((await services().carts.view(cartToken))!.entries.map((entry) => entry.quantity)).toEqual([2]);

    await demo.db.variant.update({ where: { id: mug.id }, data: { qtyInStock: 0 } });
    expect(await services().abandonedCheckouts.recover(token)).toEqual({ cartToken, soldOut: ["Ceramic Mug"] });
    expect((await services().carts.view(cartToken))!.entries).toEqual([]);
  });

  it("counts a cart ordered after its reminder as recovered", async () => {
    const before = await services().abandonedCheckouts.stats();
    const cartToken = await abandonedCart("recovered@example.com", true);
    advance(61);
    await remind();
    const token = linkIn((await reminders("recovered@example.com"))[0]!.textBody);
    const recovered = await services().abandonedCheckouts.recover(token);
    advance(5);
    await services().checkout.checkout({ cartToken: recovered!.cartToken, crumb: null }, { email: "recovered@example.com", shippingAddress: address });
    expect(cartToken).toBe(recovered!.cartToken);
    expect(await services().abandonedCheckouts.stats()).toEqual({ reminded: before.reminded + 1, recovered: before.recovered + 1 });
    // Ordered: the link names nothing any more.
    expect(await services().abandonedCheckouts.recover(token)).toBeNull();
  });

  it("unsubscribes the address: no reminder for its later carts", async () => {
    await abandonedCart("stop@example.com", true);
    advance(61);
    await remind();
    const token = linkIn((await reminders("stop@example.com"))[0]!.textBody);
    expect(await services().abandonedCheckouts.unsubscribe(token)).toEqual({ email: "stop@example.com" });
    const later = await abandonedCart("stop@example.com", false);
    advance(61);
    await remind();
    expect(later).toBeTruthy();
    expect(await reminders("stop@example.com")).toHaveLength(1);
  });
});
