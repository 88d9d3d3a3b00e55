// The stand-in's memory: the accounts its keys open, every object it made (each belonging to one
// account, as in Stripe), what it keeps beside Stripe's objects (a card's behaviour, an intent's
// return_url), and the Events that state changes raise. Handlers read and write it; the server and the
// test helpers inspect it.
import Stripe from "stripe";
import { fixture, newId, unixNow, type StripeObject } from "./fixtures.ts";
import { noSuch } from "./errors.ts";
import type { CardBehaviour } from "./test-cards.ts";

export interface StandInAccount {
  id: string;
  secretKey: string;
  publishableKey: string;
  country: string;
  defaultCurrency: string;
  chargesEnabled: boolean;
  businessName: string | null;
}

/** Who asks, and how: the account of the key, the request's id and idempotency key, the stand-in's base URL. */
export interface RequestContext {
  account: StandInAccount;
  requestId: string | null;
  idempotencyKey: string | null;
  apiVersion: string;
  baseUrl: string;
}

/** What an intent keeps that Stripe's object does not show. */
export interface IntentSettings {
  returnUrl: string | null;
  offSession: boolean;
}

export type EventListener = (event: StripeObject, account: StandInAccount) => void;

export class StandInState {
  private readonly objects = new Map<string, { accountId: string; object: StripeObject }>();
  readonly behaviours = new Map<string, CardBehaviour>();
  /** PaymentMethods that passed 3-D Secure once (for cards that ask only on the first payment). */
  readonly authenticated = new Set<string>();
  readonly intentSettings = new Map<string, IntentSettings>();
  readonly events: { accountId: string; event: StripeObject }[] = [];
  private readonly listeners: EventListener[] = [];

  constructor(readonly accounts: StandInAccount[]) {}

  accountById(id: string): StandInAccount {
    const account = this.accounts.find((candidate) => candidate.id === id);
    if (!account) throw new Error(`Stripe stand-in: no account ${id}`);
    return account;
  }

  put(accountId: string, object: StripeObject): StripeObject {
    this.objects.set(object.id as string, { accountId, object });
    return object;
  }

  /** The object with this id and the account it belongs to, whichever the account. */
  locate(id: string): { accountId: string; object: StripeObject } | undefined {
    return this.objects.get(id);
  }

  /** The object with this id in the account, if it is of this type (`payment_intent`, `charge`...). */
  find(accountId: string, id: string, type?: string): StripeObject | undefined {
    const entry = this.objects.get(id);
    if (!entry || entry.accountId !== accountId) return undefined;
    if (type && entry.object.object !== type) return undefined;
    return entry.object;
  }

  /** As `find`, or Stripe's 404: `No such <name>: '<id>'` on parameter `param`. */
  require(ctx: RequestContext, id: string, type: string, name: string, param: string): StripeObject {
    const object = this.find(ctx.account.id, id, type);
    if (!object) throw noSuch(name, id, param);
    return object;
  }

  /** Every object of a type, in creation order, with the account each belongs to. */
  all(type: string): { accountId: string; object: StripeObject }[] {
    return [...this.objects.values()].filter((entry) => entry.object.object === type);
  }

  onEvent(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** An Event of this type about a snapshot of `object` (Stripe's event shape), not yet recorded. */
  buildEvent(ctx: Pick<RequestContext, "requestId" | "idempotencyKey" | "apiVersion">, type: string, object: StripeObject): StripeObject {
    const event = fixture("event");
    Object.assign(event, {
      id: newId("evt"),
      api_version: ctx.apiVersion,
      created: unixNow(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey },
      type,
    });
    return event;
  }

  /** Records an Event about a state change and tells the listeners (the automatic webhooks). */
  emit(ctx: Pick<RequestContext, "account" | "requestId" | "idempotencyKey" | "apiVersion">, type: string, object: StripeObject): StripeObject {
    const event = this.buildEvent(ctx, type, object);
    this.events.push({ accountId: ctx.account.id, event });
    for (const listener of this.listeners) listener(event, ctx.account);
    return event;
  }

  /** A copy of `object` with the ids at these paths (`latest_charge`, `latest_charge.balance_transaction`) replaced by their objects. */
  expand(accountId: string, object: StripeObject, paths: string[]): StripeObject {
    const copy = structuredClone(object);
    for (const path of paths) this.expandPath(accountId, copy, path.split("."));
    return copy;
  }

  private expandPath(accountId: string, target: StripeObject, [head, ...rest]: string[]): void {
    const value = target[head];
    if (typeof value === "string") {
      const found = this.find(accountId, value);
      if (!found) return;
      target[head] = structuredClone(found);
    }
    if (rest.length > 0 && target[head] && typeof target[head] === "object") this.expandPath(accountId, target[head] as StripeObject, rest);
  }
}

/** A context for changes that no API request makes (the 3-D Secure page, a dispute): the event's `request` is null. */
export function backgroundContext(account: StandInAccount, baseUrl: string): RequestContext {
  return { account, requestId: null, idempotencyKey: null, apiVersion: Stripe.API_VERSION, baseUrl };
}
