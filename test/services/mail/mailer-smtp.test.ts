// The mailer sends the store's emails as multipart/alternative (issue 24): a text part and an HTML
// part drawn with the store's branding when the email was written, with the branding's Reply-To.
// The SMTP server is a local stand-in (smtp-server on a free port), read back with mailparser.
import nodemailer from "nodemailer";
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { EmailBrandingService } from "../../../server/services/mail/branding.ts";
import { Mailer } from "../../../server/services/mail/mailer.ts";
import { createTestDb } from "../../support/db.ts";
import { startLocalSmtp, type LocalSmtp } from "../../support/local-smtp.ts";

describe("the mailer over SMTP", () => {
  let db: Db;
  let closeDb: () => Promise<void>;
  let smtp: LocalSmtp;
  let mailer: Mailer;
  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb());
    await seedDemoStore(db, DEMO_WEBSITE_ID);
    smtp = await startLocalSmtp();
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
    mailer = new Mailer(db, transport, "Shop <shop@sitecart.test>");
  });
  afterAll(async () => {
    await smtp.close();
    await closeDb();
  });

  it("sends the text and the branded HTML as alternatives, with the store's Reply-To", async () => {
    await new EmailBrandingService(db, DEMO_WEBSITE_ID, "http://localhost:4000").update({
      storeName: "Bean & Leaf",
      accentColor: "#b03a2e",
      replyTo: "hello@beanleaf.test",
    });
    await db.$transaction((tx) =>
      mailer.enqueue(tx, DEMO_WEBSITE_ID, [
        {
          kind: "RESTOCK",
          dedupeKey: "smtp-test:1",
          toEmail: "waiter@example.com",
          subject: "Linen shirt is back in stock",
          textBody: "Good news: Linen shirt is back in stock.\n\nShop it here: https://shop.test/p/linen",
        },
      ]),
    );
    await mailer.deliverPending();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
    expect(mail!.text).toContain("Good news: Linen shirt is back in stock.");
    expect(mail!.html).toContain("Bean &amp; Leaf");
    expect(mail!.html).toContain("#b03a2e");
    expect(mail!.replyTo?.text).toBe("hello@beanleaf.test");
    expect((await db.outboxEmail.findUniqueOrThrow({ where: { dedupeKey: "smtp-test:1" } })).status).toBe("SENT");
  });

  it("sends a row written before HTML existed as text only", async () => {
    await db.$transaction((tx) =>
      mailer.enqueue(tx, DEMO_WEBSITE_ID, [
        { kind: "RESTOCK", dedupeKey: "smtp-test:2", toEmail: "old@example.com", subject: "Old", textBody: "An old email." },
      ]),
    );
    await db.outboxEmail.update({ where: { dedupeKey: "smtp-test:2" }, data: { htmlBody: null, replyTo: null } });
    await mailer.deliverPending();

    const mail = smtp.received.find((message) => message.subject === "Old")!;
    expect(mail.headers.get("content-type")).toMatchObject({ value: "text/plain" });
    expect(mail.html).toBe(false);
    expect(mail.replyTo).toBeUndefined();
  });
});
