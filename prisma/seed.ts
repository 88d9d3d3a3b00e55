// The demo store of shared/spec/demo-store.md. Slugs, types, variants, prices (USD minor units), stock
// and flags are a contract that tests, benchmarks and integrators rely on; names, descriptions and
// images are ours. seedDemoStore() replaces the whole site in one transaction.
import type { Db, Tx } from "../server/db/client.ts";
import type { FormField } from "../server/domain/forms/fields.ts";
import { ProductType } from "../server/domain/catalog/product-state.ts";
import { refreshSortPrice } from "../server/services/catalog/catalog.ts";
import { hashPassword, verifyPassword } from "../server/services/members/passwords.ts";
import { newSecret } from "../server/services/support/ids.ts";
import { siteSetupMessages } from "../server/domain/messages/site-setup.ts";

export const DEMO_SIGN_INS = [
  { email: "owner@sitecart.test", password: "owner-password", role: 1, label: "owner (admin)" },
  { email: "manager@sitecart.test", password: "manager-password", role: 8, label: "store manager" },
  { email: "member@sitecart.test", password: "member-password", role: null, label: "site member" },
] as const;

interface VariantSeed {
  sku: string;
  attributes?: Record<string, string>;
  price: number;
  salePrice?: number;
  onSale?: boolean;
  /** null: unlimited */
  stock: number | null;
}

interface ProductSeed {
  slug: string;
  name: string;
  description: string;
  productType: number;
  variantOptionOrdering?: string[];
  variants?: VariantSeed[];
  price?: number;
  salePrice?: number;
  onSale?: boolean;
  denominations?: number[];
  subscription?: { value: number; unit: string; cycles: number };
  formKey?: string;
  merchandising?: Record<string, unknown>;
}

const linenStock: Record<string, number | null> = {
  "S/White": 10,
  "M/White": 1,
  "L/White": 0,
  "S/Blue": null,
  "M/Blue": 5,
  "L/Blue": 2,
};

const products: ProductSeed[] = [
  {
    slug: "linen-shirt",
    name: "Linen Shirt",
    description: "A breathable shirt of washed European linen, cut for warm days and easy evenings.",
    productType: ProductType.PHYSICAL,
    variantOptionOrdering: ["Size", "Color"],
    variants: ["White", "Blue"].flatMap((color) =>
      ["S", "M", "L"].map((size) => ({
        sku: `LINEN-${size}-${color.toUpperCase()}`,
        attributes: { Size: size, Color: color },
        price: 4500,
        ...(size === "L" && color === "Blue" ? { onSale: true, salePrice: 3900 } : {}),
        stock: linenStock[`${size}/${color}`],
      })),
    ),
    merchandising: { scarcityEnabled: true, scarcityText: "Only {qty} left!", scarcityShownByDefault: true, scarcityTemplateViews: '["product-page"]' },
  },
  {
    slug: "ceramic-mug",
    name: "Ceramic Mug",
    description: "A hand-glazed stoneware mug that holds a generous 350 ml of coffee or tea.",
    productType: ProductType.PHYSICAL,
    variants: [{ sku: "MUG-1", price: 1800, stock: 3 }],
  },
  {
    slug: "canvas-tote",
    name: "Canvas Tote",
    description: "A heavy cotton canvas tote with long handles and an inside pocket.",
    productType: ProductType.PHYSICAL,
    variantOptionOrdering: ["Color"],
    variants: [
      { sku: "TOTE-NATURAL", attributes: { Color: "Natural" }, price: 2500, stock: 0 },
      { sku: "TOTE-BLACK", attributes: { Color: "Black" }, price: 2500, stock: 0 },
    ],
    merchandising: {
      customSoldOutText: "Back soon",
      restockNotificationsEnabled: true,
      restockNotificationViews: '["product-page"]',
      restockNotificationMessages: JSON.stringify({
        CTAText: "Get notified when this is back in stock.",
        placeholderText: "Email Address",
        buttonText: "Notify Me",
        successText: "You're on the list. We'll email you when it's back.",
        mailingListDescription: "Also sign up for news and updates",
      }),
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
    },
  },
  {
    slug: "recipe-ebook",
    name: "Recipe eBook",
    description: "Forty seasonal recipes from our kitchen, as a PDF you can download right after purchase.",
    productType: ProductType.DIGITAL,
    price: 1200,
    salePrice: 900,
    onSale: true,
  },
  {
    slug: "design-consultation",
    name: "Design Consultation",
    description: "A one-hour video session with our designers about your space, colours and materials.",
    productType: ProductType.SERVICE,
    variants: [{ sku: "CONSULT-1H", price: 6000, stock: null }],
  },
  {
    slug: "gift-card",
    name: "Gift Card",
    description: "Let them choose. Delivered by email with your message.",
    productType: ProductType.GIFT_CARD,
    denominations: [2500, 5000, 10000],
  },
  {
    slug: "coffee-club",
    name: "Coffee Club",
    description: "A fresh bag of single-origin coffee on your doorstep every month.",
    productType: ProductType.PHYSICAL,
    variants: [{ sku: "COFFEE-CLUB", price: 2000, stock: null }],
    subscription: { value: 1, unit: "MONTH", cycles: 0 },
  },
  {
    slug: "engraved-pen",
    name: "Engraved Pen",
    description: "A brass fountain pen, engraved with a name or a short message of your choice.",
    productType: ProductType.PHYSICAL,
    variants: [{ sku: "PEN-BRASS", price: 3200, stock: 4 }],
    formKey: "engraving",
  },
  {
    slug: "city-poster",
    name: "City Poster",
    description: "A risograph print of the city skyline on heavy recycled paper.",
    productType: ProductType.PHYSICAL,
    variantOptionOrdering: ["Size"],
    variants: [
      { sku: "POSTER-SMALL", attributes: { Size: "Small" }, price: 2000, stock: null },
      { sku: "POSTER-LARGE", attributes: { Size: "Large" }, price: 3500, stock: null },
    ],
  },
];

const forms: { key: string; name: string; fields: FormField[]; submissionMessage: string; kind?: "NEWSLETTER"; disclaimer?: string }[] = [
  {
    key: "engraving",
    name: "Engraving",
    fields: [{ id: "engraving", type: "text", title: "Engraving", required: true, maxLength: 20, placeholder: "Up to 20 characters" }],
    submissionMessage: "",
  },
  {
    key: "contact",
    name: "Contact",
    submissionMessage: "Thanks! We'll be in touch.",
    fields: [
      { id: "name", type: "name", title: "Name", required: true },
      { id: "email", type: "email", title: "Email", required: true },
      { id: "subject", type: "text", title: "Subject" },
      { id: "message", type: "textarea", title: "Message", maxLength: 200 },
      { id: "phone", type: "phone", title: "Phone", showCountryCode: true },
      { id: "address", type: "address", title: "Address" },
      { id: "visit-date", type: "date", title: "Preferred date" },
      { id: "visit-time", type: "time", title: "Preferred time" },
      { id: "topics", type: "checkbox", title: "Topics", options: ["Orders", "Products", "Wholesale"] },
      { id: "contact-method", type: "radio", title: "Contact me by", options: ["Email", "Phone"] },
      { id: "store", type: "select", title: "Nearest store", options: ["Brooklyn", "Queens", "Online"] },
      { id: "satisfaction", type: "likert", title: "How did we do?", questions: ["Product quality", "Delivery"] },
      { id: "budget", type: "number", title: "Budget" },
      { id: "website", type: "website", title: "Your website" },
      { id: "utm_source", type: "hidden", title: "utm_source", key: "utm_source", value: "direct" },
      { id: "details", type: "section", title: "Anything else?", underline: true },
    ],
  },
  {
    key: "newsletter",
    name: "Newsletter",
    kind: "NEWSLETTER",
    submissionMessage: "Thanks for subscribing!",
    disclaimer: "We'll email you our news about once a month. Unsubscribe at any time.",
    fields: [{ id: "email", type: "email", title: "Email", required: true }],
  },
];

async function createProduct(tx: Tx, websiteId: string, collectionId: number, formIds: Map<string, number>, seed: ProductSeed, position: number) {
  const product = await tx.product.create({
    data: {
      websiteId,
      collectionId,
      slug: seed.slug,
      name: seed.name,
      description: seed.description,
      imageUrl: `/images/products/${seed.slug}.svg`,
      productType: seed.productType,
      isSubscribable: seed.subscription !== undefined,
      price: seed.price ?? null,
      salePrice: seed.salePrice ?? null,
      onSale: seed.onSale ?? false,
      variantOptionOrdering: JSON.stringify(seed.variantOptionOrdering ?? []),
      additionalFieldsFormId: seed.formKey ? formIds.get(seed.formKey) : null,
      // Newest first is a sort order; keep the table's order stable and readable.
      createdAt: new Date(Date.UTC(2026, 0, 1) + position * 60_000),
      variants: {
        create: (seed.variants ?? []).map((variant, index) => ({
          sku: variant.sku,
          attributes: JSON.stringify(variant.attributes ?? {}),
          price: variant.price,
          salePrice: variant.salePrice ?? 0,
          onSale: variant.onSale ?? false,
          unlimited: variant.stock === null,
          qtyInStock: variant.stock ?? 0,
          position: index,
        })),
      },
      giftCardDenominations: {
        create: (seed.denominations ?? []).map((amount, index) => ({ sku: `GIFT-${amount}`, amount, position: index })),
      },
      ...(seed.subscription
        ? {
            subscriptionPlan: {
              create: {
                billingPeriodValue: seed.subscription.value,
                billingPeriodUnit: seed.subscription.unit,
                numBillingCycles: seed.subscription.cycles,
              },
            },
          }
        : {}),
      ...(seed.merchandising ? { merchandising: { create: seed.merchandising } } : {}),
    },
  });
  await refreshSortPrice(tx, product.id);
}

/** Replaces the site `websiteId` with the demo store. */
/**
 * Replaces the site with the demo store. `knownPasswords: false` (the demo loaded in production) gives
 * its sign-ins random passwords nobody is told, so the published ones open nothing there.
 */
export async function seedDemoStore(db: Db, websiteId: string, { knownPasswords = true }: { knownPasswords?: boolean } = {}): Promise<void> {
  const passwordHashes = await Promise.all(DEMO_SIGN_INS.map((signIn) => hashPassword(knownPasswords ? signIn.password : newSecret())));
  await db.$transaction(
    async (tx) => {
      await tx.website.deleteMany({ where: { id: websiteId } });
      await tx.website.create({
        data: {
          id: websiteId,
          title: "Sitecart Demo",
          currency: "USD",
          timeZone: "America/New_York",
          multipleQuantityAllowedForServices: true,
          checkoutMinimumSubtotal: 0,
          taxRules: {
            create: [{ name: "NY sales tax", rateMillipercent: 8875, country: "US", region: "NY", appliesTo: JSON.stringify([ProductType.PHYSICAL]) }],
          },
          coupons: { create: [{ code: "WELCOME10", kind: "PERCENT", percentOffMillipercent: 10_000 }] },
          accounts: {
            create: DEMO_SIGN_INS.map((signIn, index) => ({
              email: signIn.email,
              passwordHash: passwordHashes[index],
              role: signIn.role,
              displayName: signIn.label,
            })),
          },
        },
      });
      // Shipping by zone (issue 14): Standard and Express reach the US (the contract); the rest of the
      // world has its own options, so any other address can check out too.
      const zones = [
        {
          name: "United States",
          kind: "COUNTRIES",
          codes: ["US"],
          options: [
            ["Standard", 500],
            ["Express", 1500],
          ],
        },
        {
          name: "Rest of the world",
          kind: "REST_OF_WORLD",
          codes: [],
          options: [
            ["International", 2500],
            ["International Express", 4500],
          ],
        },
      ] as const;
      for (const [position, zone] of zones.entries()) {
        await tx.shippingZone.create({
          data: {
            websiteId,
            name: zone.name,
            kind: zone.kind,
            codes: JSON.stringify(zone.codes),
            position,
            options: { create: zone.options.map(([name, price], index) => ({ websiteId, name, price, position: index })) },
          },
        });
      }
      const collection = await tx.collection.create({ data: { websiteId, title: "Shop", navigationTitle: "Shop", urlId: "shop", type: 13 } });
      // The shop's root category (platform-support §3: ROOT, LIST_VIEW, display index 1) and the main
      // navigation linking the shop and the contact page.
      await tx.storeCategory.create({ data: { collectionId: collection.id, displayName: "All", type: "ROOT", pageRendering: "LIST_VIEW", displayIndex: 1 } });
      await tx.navigation.create({
        data: {
          websiteId,
          fieldName: "mainNav",
          position: 0,
          items: JSON.stringify([
            { title: "Shop", collectionId: collection.id, externalLink: null, memberAreaId: null, items: [] },
            { title: "Contact", collectionId: null, externalLink: "/contact", memberAreaId: null, items: [] },
          ]),
        },
      });
      const mailingList = await tx.mailingList.create({ data: { websiteId, name: "Newsletter" } });
      const formIds = new Map<string, number>();
      for (const form of forms) {
        const created = await tx.form.create({
          data: {
            websiteId,
            key: form.key,
            name: form.name,
            kind: form.kind ?? "FORM",
            mailingListId: form.kind === "NEWSLETTER" ? mailingList.id : null,
            disclaimer: form.disclaimer ?? null,
            fields: JSON.stringify(form.fields),
            submissionMessage: form.submissionMessage,
          },
        });
        formIds.set(form.key, created.id);
      }
      for (const [position, product] of products.entries()) await createProduct(tx, websiteId, collection.id, formIds, product, position);
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
}

/**
 * A production start's guard for a site seeded before issue 23 (or by `npm run seed` outside
 * production): each demo sign-in whose password is still the published one gets a random password
 * nobody is told, and its sessions end. Answers how many were replaced.
 */
export async function retirePublishedPasswords(db: Db, websiteId: string): Promise<number> {
  let replaced = 0;
  for (const signIn of DEMO_SIGN_INS) {
    const account = await db.account.findUnique({ where: { websiteId_email: { websiteId, email: signIn.email } }, select: { id: true, passwordHash: true } });
    if (!account || !(await verifyPassword(signIn.password, account.passwordHash))) continue;
    const passwordHash = await hashPassword(newSecret());
    await db.$transaction([
      db.account.update({ where: { id: account.id }, data: { passwordHash } }),
      db.session.deleteMany({ where: { accountId: account.id } }),
    ]);
    replaced++;
  }
  return replaced;
}

/** Seeds the demo store unless the site already exists. Returns whether it seeded. */
export async function ensureDemoStore(db: Db, websiteId: string, options: { knownPasswords?: boolean } = {}): Promise<boolean> {
  if (await db.website.findUnique({ where: { id: websiteId }, select: { id: true } })) return false;
  await seedDemoStore(db, websiteId, options);
  return true;
}

/**
 * Why `npm run seed` must not replace the site without --force, or null: it has orders (any order:
 * the one thing a merchant cannot make again), or contributors other than the demo's own accounts
 * (docs/decisions.md "Production start").
 */
export async function seedRefusal(db: Db, websiteId: string): Promise<string | null> {
  const demoEmails = DEMO_SIGN_INS.map((signIn) => signIn.email);
  const [orders, owners] = await Promise.all([
    db.order.count({ where: { websiteId } }),
    db.account.count({ where: { websiteId, role: { not: null }, email: { notIn: demoEmails } } }),
  ]);
  const reasons = [orders > 0 ? siteSetupMessages.seedRealOrders(orders) : null, owners > 0 ? siteSetupMessages.seedRealOwners(owners) : null].filter(
    (reason): reason is string => reason !== null,
  );
  return reasons.length > 0 ? siteSetupMessages.seedRefused(websiteId, reasons.join(" and ")) : null;
}
