// What the waitlist's calls take and answer: the sign-up payload, the views of sign-ups and groups,
// pages with their opaque cursors, and the ids clients send.
import { InvalidInputError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { RestockStatus } from "../../domain/restock/restock.ts";
import type { Prisma } from "../../db/client.ts";
import { MAX_ROW_ID } from "../catalog/catalog.ts";

/** The restock signup payload (spec §3). */
export interface RestockSignUpInput {
  productId?: unknown;
  variantId?: unknown;
  siteVisitorEmail?: unknown;
  isJoinMailingList?: unknown;
  captchaToken?: unknown;
  recaptchaEnterpriseV3Token?: unknown;
  language?: unknown;
}

export interface RestockSignUpView {
  id: number;
  productId: number;
  variantId: number;
  email: string;
  isJoinMailingList: boolean;
  language: string | null;
  status: RestockStatus;
  createdAt: Date;
  expiresAt: Date;
  notifiedAt: Date | null;
  purchasedAt: Date | null;
  /** Place among those still waiting (RECEIVED), from 1; null for the others. */
  queuePosition: number | null;
}

export interface RestockGroupView {
  productId: number;
  variantId: number;
  productName: string;
  sku: string;
  attributes: Record<string, string>;
  unlimited: boolean;
  qtyInStock: number;
  received: number;
  notified: number;
  purchased: number;
  expired: number;
  total: number;
}

export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface SendResult {
  productId: number;
  variantId: number;
  notified: number;
  waiting: number;
}

export const toId = (value: unknown): number | null => {
  const digits = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,10}$/.test(digits)) return null;
  const id = Number(digits);
  return id > 0 && id <= MAX_ROW_ID ? id : null;
};

const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** The cursor after this sign-up (queue order). */
export const signUpCursor = (signUp: { createdAt: Date; id: number }) => encodeCursor({ c: signUp.createdAt.getTime(), i: signUp.id });
/** The cursor after this group (variant order). */
export const groupCursor = (group: { variantId: number }) => encodeCursor({ v: group.variantId });
export function decodeCursor<T>(cursor: unknown, valid: (value: unknown) => value is T): T | null {
  if (cursor === undefined || cursor === null || cursor === "") return null;
  try {
    const value = JSON.parse(Buffer.from(String(cursor), "base64url").toString("utf8"));
    if (valid(value)) return value;
  } catch {
    // fall through
  }
  throw new InvalidInputError(checkoutMessages.invalidRequest);
}

export const toView = (row: Prisma.RestockSignUpGetPayload<object>, queuePosition: number | null = null): RestockSignUpView => ({
  id: row.id,
  productId: row.productId,
  variantId: row.variantId,
  email: row.email,
  isJoinMailingList: row.isJoinMailingList,
  language: row.language,
  status: row.status as RestockStatus,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  notifiedAt: row.notifiedAt,
  purchasedAt: row.purchasedAt,
  queuePosition,
});
