// A webhook endpoint for the stand-in's own tests: an HTTP server on 127.0.0.1 that keeps every POST
// it gets (raw body and headers, as a real endpoint must verify them) and answers 200, or what
// `respond` says.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, byte for byte as sent. */
  body: string;
  /** What `onReceive` returned for it. */
  note: unknown;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  options: { respond?: (webhook: ReceivedWebhook) => number; onReceive?: (body: string) => unknown } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const webhook: ReceivedWebhook = { path: req.url ?? "/", headers: req.headers, body, note: options.onReceive?.(body) };
      received.push(webhook);
      res.writeHead(options.respond?.(webhook) ?? 200, { "content-type": "application/json" });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
