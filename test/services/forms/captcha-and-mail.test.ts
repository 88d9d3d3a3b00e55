// The captcha verifiers and the mailer (issue 4 §1, §2): reCAPTCHA's server-side check of a token with
// the site's secret, the deterministic test verifier, and delivery of the email outbox over real SMTP
// with nodemailer (to an SMTP server on this machine), or none without SMTP_URL.
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import type { AddressInfo } from "node:net";
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { RECAPTCHA_VERIFY_URL, RecaptchaVerifier, TestCaptchaVerifier, captchaVerifierFromEnv } from "../../../server/services/forms/captcha.ts";
import { MAX_DELIVERY_ATTEMPTS, Mailer, type OutgoingEmail } from "../../../server/services/mail/mailer.ts";
import { processLogger } from "../../../server/services/support/log.ts";
import { createTestDb } from "../../support/db.ts";

const listen = async <T extends HttpServer | TcpServer>(server: T): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};

describe("RecaptchaVerifier", () => {
  let server: HttpServer;
  let url: string;
  const requests: URLSearchParams[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { success: true } };

  beforeAll(async () => {
    // Stands in for https://www.google.com/recaptcha/api/siteverify (tests must not need the internet).
    server = createHttpServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        requests.push(new URLSearchParams(body));
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(JSON.stringify(answer.body));
      });
    });
    url = `http://127.0.0.1:${await listen(server)}/recaptcha/api/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("posts the secret, the token and the client's address, and accepts success: true", async () => {
    answer = { status: 200, body: { success: true, hostname: "localhost" } };
    const verifier = new RecaptchaVerifier({ verifyUrl: url });
    expect(await verifier.verify({ token: "token-1", secret: "the-secret", remoteIp: "203.0.113.5" })).toBe(true);
    expect(Object.fromEntries(requests.at(-1)!)).toEqual({ secret: "the-secret", response: "token-1", remoteip: "203.0.113.5" });
  });

  it("refuses success: false (e.g. a token already used: timeout-or-duplicate)", async () => {
    answer = { status: 200, body: { success: false, "error-codes": ["timeout-or-duplicate"] } };
    expect(await new RecaptchaVerifier({ verifyUrl: url }).verify({ token: "t", secret: "s" })).toBe(false);
  });

  it("refuses when the provider answers an error status or cannot be reached", async () => {
    answer = { status: 500, body: { success: true } };
    expect(await new RecaptchaVerifier({ verifyUrl: url }).verify({ token: "t", secret: "s" })).toBe(false);
    const warn = jest.spyOn(processLogger(), "warn").mockImplementation(() => {});
    try {
      expect(await new RecaptchaVerifier({ verifyUrl: "http://127.0.0.1:1/siteverify" }).verify({ token: "t", secret: "s" })).toBe(false);
    } finally {
      warn.mockRestore();
    }
  });

  it("refuses without a secret, logging 'ReCaptcha has not been set up!'", async () => {
    const error = jest.spyOn(processLogger(), "error").mockImplementation(() => {});
    try {
      expect(await new RecaptchaVerifier({ verifyUrl: url }).verify({ token: "t", secret: null })).toBe(false);
      expect(error.mock.calls[0][0]).toMatch(/^ReCaptcha has not been set up!/);
    } finally {
      error.mockRestore();
    }
  });

  it("verifies with Google over HTTPS by default", () => {
    expect(RECAPTCHA_VERIFY_URL).toBe("https://www.google.com/recaptcha/api/siteverify");
  });
});

describe("choosing a verifier", () => {
  it("uses reCAPTCHA everywhere unless CAPTCHA_VERIFIER=test (issue 15: the only way to the test verifier)", () => {
    expect(captchaVerifierFromEnv({ NODE_ENV: "production" }).name).toBe("recaptcha");
    expect(captchaVerifierFromEnv({}).name).toBe("recaptcha");
    expect(captchaVerifierFromEnv({ NODE_ENV: "production", CAPTCHA_VERIFIER: "test" }).name).toBe("test");
    expect(captchaVerifierFromEnv({ CAPTCHA_VERIFIER: "recaptcha" }).name).toBe("recaptcha");
  });

  it("the test verifier passes tokens starting with 'pass' and nothing else, the same way every time", async () => {
    const verifier = new TestCaptchaVerifier();
    expect(await verifier.verify({ token: "pass-1", secret: null })).toBe(true);
    expect(await verifier.verify({ token: "pass-1", secret: null })).toBe(true);
    expect(await verifier.verify({ token: "fail", secret: null })).toBe(false);
    expect(await verifier.verify({ token: "xpass", secret: null })).toBe(false);
  });
});

/** A minimal SMTP server: enough of RFC 5321 for nodemailer to hand over a message. */
function smtpServer(options: { rejectRecipients?: boolean } = {}) {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createTcpServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    socket.write("220 test-smtp ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString();
      let index: number;
      while ((index = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            messages.push(current);
            current = { from: "", to: [], data: "" };
            socket.write("250 queued\r\n");
          } else current.data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") socket.write("250 test-smtp\r\n");
        else if (command === "MAIL") {
          current.from = line;
          socket.write("250 ok\r\n");
        } else if (command === "RCPT") {
          if (options.rejectRecipients) socket.write("550 no such user\r\n");
          else {
            current.to.push(line);
            socket.write("250 ok\r\n");
          }
        } else if (command === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (command === "QUIT") socket.end("221 bye\r\n");
        else if (command === "RSET") socket.write("250 ok\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  return { server, messages };
}

describe("Mailer", () => {
  let db: Db;
  let close: () => Promise<void>;
  let sequence = 0;
  beforeAll(async () => {
    ({ db, close } = await createTestDb());
    await seedDemoStore(db, DEMO_WEBSITE_ID);
  });
  afterAll(() => close());

  const email = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
    kind: "RESTOCK",
    dedupeKey: `test:${++sequence}`,
    toEmail: `reader${sequence}@example.com`,
    subject: "Canvas Tote is back in stock",
    textBody: "Good news.",
    ...overrides,
  });

  it("without SMTP_URL writes RECORDED rows: the outbox is the record", async () => {
    const mailer = Mailer.fromEnv(db, {});
    expect(mailer.delivers).toBe(false);
    const message = email();
    await db.$transaction((tx) => mailer.enqueue(tx, DEMO_WEBSITE_ID, [message]));
    await mailer.deliverPending();
    expect(await db.outboxEmail.findUniqueOrThrow({ where: { dedupeKey: message.dedupeKey } })).toMatchObject({
      status: "RECORDED",
      attempts: 0,
      sentAt: null,
    });
  });

  it("writes an email once per dedupe key", async () => {
    const mailer = Mailer.fromEnv(db, {});
    const message = email();
    expect(await db.$transaction((tx) => mailer.enqueue(tx, DEMO_WEBSITE_ID, [message, message]))).toBe(1);
    expect(await db.$transaction((tx) => mailer.enqueue(tx, DEMO_WEBSITE_ID, [message]))).toBe(0);
    expect(await db.outboxEmail.count({ where: { dedupeKey: message.dedupeKey } })).toBe(1);
  });

  it("with SMTP_URL delivers pending rows over SMTP with nodemailer and marks them SENT", async () => {
    const { server, messages } = smtpServer();
    const port = await listen(server);
    const mailer = Mailer.fromEnv(db, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Shop <shop@sitecart.test>" });
    try {
      const message = email({ subject: "Please confirm your subscription", textBody: "Open this link." });
      await db.$transaction((tx) => mailer.enqueue(tx, DEMO_WEBSITE_ID, [message]));
      await mailer.deliverPending();
      expect(messages).toHaveLength(1);
      expect(messages[0].to).toEqual([`RCPT TO:<${message.toEmail}>`]);
      expect(messages[0].data).toContain("Subject: Please confirm your subscription");
      expect(messages[0].data).toContain("Open this link.");
      expect(await db.outboxEmail.findUniqueOrThrow({ where: { dedupeKey: message.dedupeKey } })).toMatchObject({
        status: "SENT",
        attempts: 1,
        sentAt: expect.any(Date),
        lastError: null,
      });
      await mailer.deliverPending();
      expect(messages).toHaveLength(1);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("keeps a row that could not be delivered PENDING with the error, and FAILED after 5 attempts", async () => {
    await db.outboxEmail.updateMany({ where: { status: "PENDING" }, data: { status: "SENT" } });
    const { server } = smtpServer({ rejectRecipients: true });
    const port = await listen(server);
    // A failed email waits for its next try (exponential backoff, test/domain/mail.test.ts): the clock
    // moves an hour, past the longest wait, before each try.
    let nowMs = Date.now();
    const mailer = Mailer.fromEnv(db, { SMTP_URL: `smtp://127.0.0.1:${port}` }, () => new Date(nowMs));
    try {
      const message = email();
      await db.$transaction((tx) => mailer.enqueue(tx, DEMO_WEBSITE_ID, [message]));
      await mailer.deliverPending();
      const row = await db.outboxEmail.findUniqueOrThrow({ where: { dedupeKey: message.dedupeKey } });
      expect(row).toMatchObject({ status: "PENDING", attempts: 1, lastError: expect.stringMatching(/550|no such user|Recipient/i) });
      for (let attempt = 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt++) {
        nowMs += 60 * 60 * 1000;
        await mailer.deliverPending();
      }
      expect(await db.outboxEmail.findUniqueOrThrow({ where: { dedupeKey: message.dedupeKey } })).toMatchObject({ status: "FAILED", attempts: 5 });
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
