// Issue 21: one process serves many sites. A visitor's form submission key, a newsletter confirmation
// or unsubscribe link, a products feed token, a form or mailing list id, a waitlist's variant of site
// A are worthless on site B: refused as made-up ones, and A's rows stay as they were.
import { newSecret } from "../../../server/services/support/ids.ts";
import { createTwoSiteServices, lastEmail, newVisitor, outcome, SITE_A, SITE_B, tokenIn, type TwoSiteServices } from "../../support/two-sites.ts";
import type { Services } from "../../../server/services/index.ts";

let sites: TwoSiteServices;
beforeAll(async () => {
  // One stored submission per address and hour: what another site stores must not count here.
  sites = await createTwoSiteServices({ formLimits: { perAddress: { burst: 1000, perSecond: 1000 }, perEmail: { max: 1, windowMs: 60 * 60 * 1000 } } });
});
afterAll(() => sites.close());

const formOf = (websiteId: string, key: string) => sites.db.form.findFirstOrThrow({ where: { websiteId, key } });
const context = () => ({ visitor: newVisitor(), remoteAddress: "10.0.0.2" });

/** Submits the site's newsletter form with this address, with a key issued by `keyFrom` (the same site by default). */
async function subscribe(services: Services, email: string, keyFrom: Services = services) {
  const ctx = context();
  const { key } = await keyFrom.forms.issueKey(ctx.visitor);
  const form = await formOf(services.websiteId, "newsletter");
  return services.forms.submit({ key, formId: form.id, form: JSON.stringify({ email }) }, ctx);
}

const signUpOf = (websiteId: string, email: string) =>
  sites.db.mailingListSignUp.findFirstOrThrow({ where: { email, mailingList: { websiteId } }, include: { consents: true } });

it("a submission key issued on site A is refused on site B as a made-up key, and stays unspent", async () => {
  const ctx = context();
  const { key } = await sites.a.forms.issueKey(ctx.visitor);
  const form = await formOf(SITE_B, "newsletter");
  const submission = (withKey: string) => ({ key: withKey, formId: form.id, form: JSON.stringify({ email: "keyed@example.com" }) });
  const made = await outcome(() => sites.b.forms.submit(submission(newSecret()), ctx));
  expect(made).toHaveProperty("error.name", "FormKeyInvalidError");
  expect(await outcome(() => sites.b.forms.submit(submission(key), ctx))).toEqual(made);
  expect(await sites.db.formSubmissionKey.count({ where: { websiteId: SITE_A, usedAt: { not: null } } })).toBe(0);
});

it("submissions stored on site A do not count against the same address on site B", async () => {
  await subscribe(sites.a, "counted@example.com");
  expect(await outcome(() => subscribe(sites.a, "counted@example.com"))).toHaveProperty("error.name", "SubmissionRateLimitedError");
  expect(await subscribe(sites.b, "counted@example.com")).toMatchObject({ duplicate: false });
});

describe("a newsletter sign-up of site A", () => {
  let confirmToken: string;
  beforeAll(async () => {
    await subscribe(sites.a, "reader@example.com");
    confirmToken = tokenIn((await lastEmail(sites.db, SITE_A, "NEWSLETTER_CONFIRM")).textBody);
  });

  it("its confirmation link confirms nothing on site B: refused as a made-up link", async () => {
    const before = await signUpOf(SITE_A, "reader@example.com");
    const made = await outcome(() => sites.b.newsletter.confirm(newSecret()));
    expect(made).toHaveProperty("error.code", "NOT_FOUND");
    expect(await outcome(() => sites.b.newsletter.confirm(confirmToken))).toEqual(made);
    expect(await signUpOf(SITE_A, "reader@example.com")).toEqual(before);
    expect(await sites.a.newsletter.confirm(confirmToken)).toEqual({ email: "reader@example.com", mailingList: "Newsletter" });
  });

  it("its unsubscribe link names nobody on site B and unsubscribes nobody", async () => {
    const before = await signUpOf(SITE_A, "reader@example.com");
    const token = before.unsubscribeToken!;
    expect(await sites.b.newsletter.unsubscribeTarget(token)).toBeNull();
    expect(await sites.b.newsletter.unsubscribeTarget(newSecret())).toBeNull();
    const made = await outcome(() => sites.b.newsletter.unsubscribe(newSecret()));
    expect(made).toHaveProperty("error.code", "NOT_FOUND");
    expect(await outcome(() => sites.b.newsletter.unsubscribe(token))).toEqual(made);
    expect(await signUpOf(SITE_A, "reader@example.com")).toEqual(before);
    expect(await sites.a.newsletter.unsubscribeTarget(token)).toMatchObject({ email: "reader@example.com", unsubscribed: false });
  });

  it("its list is not site B's: B's owner reads no sign-ups of it and exports none", async () => {
    const list = await sites.db.mailingList.findFirstOrThrow({ where: { websiteId: SITE_A } });
    expect(await sites.b.forms.mailingListSignUps({}, list.id)).toEqual([]);
    expect(await outcome(() => sites.b.forms.mailingListExport(list.id))).toEqual(await outcome(() => sites.b.forms.mailingListExport(99_999)));
  });
});

it("site A's products feed token opens no feed on site B", async () => {
  await sites.a.marketing.get();
  const { feedToken } = await sites.db.marketingSettings.findUniqueOrThrow({ where: { websiteId: SITE_A } });
  expect(await sites.a.marketing.feed(feedToken, "xml")).toContain("<");
  expect(await sites.b.marketing.feed(feedToken, "xml")).toBeNull();
  expect(await sites.b.marketing.feed(feedToken, "csv")).toEqual(await sites.b.marketing.feed(newSecret(), "csv"));
});

it("site A's form ids are unknown to site B's forms: read, validate, change, delete and export refused as made-up ids", async () => {
  const contact = await formOf(SITE_A, "contact");
  const madeUp = 99_999_999;
  expect(await sites.b.forms.find({ id: contact.id })).toBeNull();
  const calls = (id: number) => [
    () => sites.b.forms.validate(id, JSON.stringify({})),
    () => sites.b.forms.update(id, { name: "Taken over" }),
    () => sites.b.forms.delete(id),
    () => sites.b.forms.submissionExport(id),
    () => sites.b.forms.templateSchema({ id }),
  ];
  const made = calls(madeUp);
  for (const [index, call] of calls(contact.id).entries()) {
    const crossed = await outcome(call);
    expect(crossed).toHaveProperty("error");
    expect(crossed).toEqual(await outcome(made[index]));
  }
  expect(await formOf(SITE_A, "contact")).toEqual(contact);
});

describe("a waitlist of site A", () => {
  let tote: { id: number; productId: number };
  let lapsed: { id: number };
  beforeAll(async () => {
    tote = await sites.db.variant.findFirstOrThrow({ where: { sku: "TOTE-BLACK", product: { websiteId: SITE_A } }, select: { id: true, productId: true } });
    await sites.a.restock.signUp({ productId: tote.productId, variantId: tote.id, siteVisitorEmail: "waiter@example.com" }, { remoteAddress: null });
    // A place past its 90 days that nobody has marked EXPIRED yet: a read of the queue on A would.
    lapsed = await sites.db.restockSignUp.create({
      data: { websiteId: SITE_A, productId: tote.productId, variantId: tote.id, email: "late@example.com", expiresAt: new Date("2001-01-01") },
    });
  });

  const placesOfA = () => sites.db.restockSignUp.findMany({ where: { websiteId: SITE_A }, orderBy: { id: "asc" } });

  it("site B can neither join it nor read, count or notify it (refused as made-up ids); its places stay as they were", async () => {
    const before = await placesOfA();
    const madeUp = { productId: 99_999_998, variantId: 99_999_999 };
    const join = (ids: { productId: number; variantId: number }) => () =>
      sites.b.restock.signUp({ ...ids, siteVisitorEmail: "other@example.com" }, { remoteAddress: null });
    const ofA = { productId: tote.productId, variantId: tote.id };
    expect(await outcome(join(ofA))).toEqual(await outcome(join(madeUp)));
    expect(await sites.b.restock.list(ofA)).toEqual(await sites.b.restock.list(madeUp));
    expect((await sites.b.restock.list(ofA)).items).toEqual([]);
    expect(await sites.b.restock.group(tote.productId, tote.id)).toBeNull();
    expect(await outcome(() => sites.b.restock.send(tote.productId, tote.id))).toEqual(
      await outcome(() => sites.b.restock.send(madeUp.productId, madeUp.variantId)),
    );
    expect((await sites.b.restock.groups({})).items).toEqual([]);
    expect(await placesOfA()).toEqual(before);
    expect(before.find((place) => place.id === lapsed.id)?.status).toBe("RECEIVED");
  });

  it("site B's sign-ups and scheduled expiry leave A's places alone", async () => {
    const before = await placesOfA();
    await sites.b.restock.expireLapsed();
    expect(await placesOfA()).toEqual(before);
    expect(await sites.db.restockSignUp.count({ where: { websiteId: SITE_B } })).toBe(0);
  });
});
