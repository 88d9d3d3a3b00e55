// The owner's privacy and tracking settings (issue 11): the consent banner, the cookie policy and how
// long raw analytics events are kept. The inputs' rules, shared by the GraphQL schema and the admin.
import { z } from "zod";
import { COOKIE_POLICIES, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, isCookiePolicy } from "./tracking-rules.ts";
import { refusal } from "../inputs.ts";
import { ownerMessages } from "../messages/owner.ts";

export { COOKIE_POLICIES, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN };

/** Whole days from RETENTION_DAYS_MIN to RETENTION_DAYS_MAX. */
export const isRetentionDays = (value: number): boolean => Number.isInteger(value) && value >= RETENTION_DAYS_MIN && value <= RETENTION_DAYS_MAX;

export const cookiePolicyInput = z.string().refine(isCookiePolicy, refusal(ownerMessages.cookiePolicyInvalid));

export const retentionDaysInput = z.number().refine(isRetentionDays, refusal(ownerMessages.retentionDaysInvalid(RETENTION_DAYS_MIN, RETENTION_DAYS_MAX)));
