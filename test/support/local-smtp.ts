// A local stand-in for the store's SMTP server (issue 24): smtp-server on a free port of 127.0.0.1,
// keeping every message it receives, parsed by mailparser. Tests point the mailer at it.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface LocalSmtp {
  port: number;
  url: string;
  received: ParsedMail[];
  /** Resolves once `count` messages have arrived. */
  receivedCount(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startLocalSmtp(): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const waiter of waiters.splice(0)) waiter();
        })
        .then(() => done(), done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    receivedCount(count) {
      return new Promise((resolve) => {
        const check = () => (received.length >= count ? resolve(received) : waiters.push(check));
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
