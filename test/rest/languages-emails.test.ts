// Restock and newsletter emails in the visitor's language (issue 12 item 4) when the owner turns
// multilingual transactional emails on; in English otherwise.
import { keyFor, SAVE } from "./forms-setup.ts";
import { signedIn, type Caller } from "../authz/principals.ts";
import { outboxTo, owner, setStock, signUp, store, toteId, useRestockStore, freshVariant } from "./restock-setup.ts";

useRestockStore();

/** The site's owner (the store manager of restock-setup may not change the site's languages). */
let siteOwner: Caller;

async function multilingualEmails(on: boolean) {
  const result = await siteOwner.graphql(`mutation { updateMultilingualSettings(input: { transactionalEmailsEnabled: ${on} }) { __typename } }`);
  expect(result.data.updateMultilingualSettings.__typename).toBe("UpdateMultilingualSettingsSuccess");
}

beforeAll(async () => {
  siteOwner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  expect((await siteOwner.graphql(`mutation { updateLanguages(input: { languages: ["en-US", "fr"] }) { __typename } }`)).data.updateLanguages.__typename).toBe(
    "UpdateLanguagesSuccess",
  );
  const translated = await owner.graphql(
    `mutation { setProductTranslation(input: { productId: "${toteId}", locale: "fr", name: "Sac en toile" }) { __typename } }`,
  );
  expect(translated.data.setProductTranslation.__typename).toBe("SetProductTranslationSuccess");
});

describe("the restock email", () => {
  it("is in French, with the owner's French name, for a waiter who signed up in French with multilingual emails on", async () => {
    await multilingualEmails(true);
    const variantId = await freshVariant();
    expect((await signUp({ variantId, siteVisitorEmail: "fr.waiter@example.com", language: "fr" })).status).toBe(200);
    expect((await signUp({ variantId, siteVisitorEmail: "en.waiter@example.com" })).status).toBe(200);
    await setStock(variantId, 2);
    const [english, french] = await outboxTo(["en.waiter@example.com", "fr.waiter@example.com"]).then((emails) =>
      [...emails].sort((a, b) => a.toEmail.localeCompare(b.toEmail)),
    );
    expect(french).toMatchObject({ subject: "Sac en toile est de retour en stock", language: "fr" });
    expect(french.textBody).toMatch(/^Bonne nouvelle : Sac en toile \(.+\) est de retour en stock\.\n\nDécouvrez-le ici : http/);
    expect(english).toMatchObject({ subject: "Canvas Tote is back in stock", language: null });
  });

  it("is in English when multilingual emails are off, whatever the language sent", async () => {
    await multilingualEmails(false);
    const variantId = await freshVariant();
    expect((await signUp({ variantId, siteVisitorEmail: "fr.off@example.com", language: "fr" })).status).toBe(200);
    await setStock(variantId, 1);
    const [email] = await outboxTo(["fr.off@example.com"]);
    expect(email).toMatchObject({ subject: "Canvas Tote is back in stock", language: null });
  });
});

describe("the newsletter confirmation", () => {
  async function subscribe(email: string, language: string | null) {
    const newsletterId = (await store.db.form.findFirstOrThrow({ where: { key: "newsletter" } })).id;
    const visitor = await store.visitor().arrive();
    if (language) visitor.cookies.set("sc_locale", language);
    const response = await visitor.request("POST", SAVE, {
      body: { key: await keyFor(visitor), formId: newsletterId, form: JSON.stringify({ email }), pageTitle: "Accueil", pagePath: "/" },
    });
    expect(response.status).toBe(200);
    return store.db.outboxEmail.findFirstOrThrow({ where: { toEmail: email, kind: "NEWSLETTER_CONFIRM" } });
  }

  it("is in the visitor's language with multilingual emails on, in English with them off", async () => {
    await multilingualEmails(true);
    const french = await subscribe("fr.reader@example.com", "fr");
    expect(french).toMatchObject({ subject: "Veuillez confirmer votre inscription", language: "fr" });
    expect(french.textBody).toContain("Veuillez confirmer que vous souhaitez recevoir « Newsletter » en ouvrant ce lien :");
    expect(french.textBody).toContain("Pour ne plus recevoir ces e-mails, désabonnez-vous : http");
    expect(await subscribe("en.reader@example.com", null)).toMatchObject({ subject: "Please confirm your subscription", language: null });
    await multilingualEmails(false);
    expect(await subscribe("fr.off.reader@example.com", "fr")).toMatchObject({ subject: "Please confirm your subscription", language: null });
  });
});
