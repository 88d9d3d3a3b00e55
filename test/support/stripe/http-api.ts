// One API request, as Stripe takes it: the secret key from `Authorization: Bearer`, the parameters
// from the form body (POST) or the query (GET), the idempotency key of a POST, the endpoint's handler,
// `expand[]`, and the JSON answer with a `Request-Id` header. Every request is logged for the tests.
// A publishable key (what Stripe.js sends from the browser) reaches only what Stripe.js may do with a
// PaymentIntent's client secret: retrieve it and confirm it (publishable.ts); the API answers CORS
// as Stripe's does, so a page may call it.
import type { IncomingMessage, ServerResponse } from "node:http";
import Stripe from "stripe";
import { randomToken } from "./fixtures.ts";
import { StripeApiError, authErrors, unrecognizedUrl } from "./errors.ts";
import { expandPaths, parseForm, type Params } from "./form.ts";
import { IdempotencyKeys, type SavedAnswer } from "./idempotency.ts";
import { matchRoute } from "./api-routes.ts";
import { CORS_HEADERS, checkPublishableAccess } from "./publishable.ts";
import type { RequestContext, StandInAccount, StandInState } from "./state.ts";

export interface LoggedRequest {
  requestId: string;
  method: string;
  path: string;
  params: Params;
  accountId: string | null;
  idempotencyKey: string | null;
  status: number;
  /** True when the answer was an idempotent replay of an earlier one. */
  replayed: boolean;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" && value !== "" ? value : null;
}

/** The account whose key is in `Authorization: Bearer <key>`, and whether it is the publishable one; Stripe's 401 otherwise. */
function authenticate(accounts: StandInAccount[], req: IncomingMessage): { account: StandInAccount; publishable: boolean } {
  const match = /^Bearer\s+(\S+)$/i.exec(header(req, "authorization") ?? "");
  if (!match) throw authErrors.missing();
  const key = match[1];
  const account = accounts.find((candidate) => candidate.secretKey === key);
  if (account) return { account, publishable: false };
  const publishable = accounts.find((candidate) => candidate.publishableKey === key);
  if (publishable) return { account: publishable, publishable: true };
  throw authErrors.invalid(key);
}

export class ApiHandler {
  readonly requests: LoggedRequest[] = [];
  private readonly idempotency = new IdempotencyKeys();
  /** Resolves once the answer being handled is sent: the webhooks its changes raise wait for it. */
  answerSent: Promise<void> = Promise.resolve();

  constructor(
    private readonly state: StandInState,
    private readonly baseUrl: () => string,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? "GET";
    // A browser's CORS preflight (Stripe.js calls the API from the shop's origin).
    if (method === "OPTIONS") {
      res.writeHead(204, { ...CORS_HEADERS, "access-control-max-age": "300" });
      res.end();
      return;
    }
    const body = await readBody(req);
    const params = parseForm(method === "GET" ? url.search.slice(1) : body);
    const requestId = `req_${randomToken(14)}`;
    const idempotencyKey = method === "POST" ? header(req, "idempotency-key") : null;
    const log: LoggedRequest = { requestId, method, path: url.pathname, params, accountId: null, idempotencyKey, status: 0, replayed: false };
    const headers: Record<string, string> = { ...CORS_HEADERS, "request-id": requestId, "stripe-version": header(req, "stripe-version") ?? Stripe.API_VERSION };
    let answer: SavedAnswer;
    try {
      const { account, publishable } = authenticate(this.state.accounts, req);
      log.accountId = account.id;
      const matched = matchRoute(method, url.pathname);
      if (!matched && publishable) throw authErrors.publishable();
      if (!matched) throw unrecognizedUrl(method, url.pathname);
      // The client secret proves the caller may touch this one intent; the handler never sees it.
      if (publishable) checkPublishableAccess(this.state, account, method, url.pathname, matched.id, params);
      const saved = idempotencyKey ? this.idempotency.lookup(account.id, idempotencyKey, url.pathname, params) : null;
      if (saved instanceof StripeApiError) throw saved;
      if (saved) {
        answer = saved;
        log.replayed = true;
        headers["idempotent-replayed"] = "true";
      } else {
        const ctx: RequestContext = { account, requestId, idempotencyKey, apiVersion: headers["stripe-version"], baseUrl: this.baseUrl() };
        answer = this.run(res, () => {
          const object = matched.route.handle(this.state, ctx, params, matched.id);
          return this.state.expand(account.id, object, expandPaths(params));
        });
        if (idempotencyKey) this.idempotency.save(account.id, idempotencyKey, url.pathname, params, answer);
      }
    } catch (error) {
      answer = this.errorAnswer(error);
    }
    log.status = answer.status;
    this.requests.push(log);
    res.writeHead(answer.status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(answer.body, null, 2));
  }

  /** Runs a handler; events it raises are delivered once `res` is sent. */
  private run(res: ServerResponse, handler: () => unknown): SavedAnswer {
    return this.duringAnswer(res, () => {
      try {
        return { status: 200, body: handler() };
      } catch (error) {
        return this.errorAnswer(error);
      }
    });
  }

  /** Runs `work` (synchronous) with `answerSent` tied to `res`: webhooks it raises wait for the answer. */
  duringAnswer<T>(res: ServerResponse, work: () => T): T {
    this.answerSent = new Promise<void>((resolve) => {
      res.once("finish", resolve);
      res.once("close", resolve);
    });
    try {
      return work();
    } finally {
      this.answerSent = Promise.resolve();
    }
  }

  private errorAnswer(error: unknown): SavedAnswer {
    if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
    const message = error instanceof Error ? error.message : String(error);
    return { status: 500, body: { error: { type: "api_error", message: `The Stripe stand-in failed: ${message}` } } };
  }
}
