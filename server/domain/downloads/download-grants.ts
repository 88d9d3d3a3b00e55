// Download grants (issue 23): how long a paid digital line's links work, how many downloads they
// allow, and what a link answers. A link is checked when used, against its order's state, so a
// cancelled or refunded order's links stop at once without a job.
import type { OrderState } from "../orders/order-states.ts";

export const DEFAULT_DOWNLOAD_EXPIRY_HOURS = 24;
export const DEFAULT_DOWNLOAD_LIMIT = 5;
/** The owner's bounds: a year of hours, 100 downloads. */
export const MAX_DOWNLOAD_EXPIRY_HOURS = 24 * 365;
export const MAX_DOWNLOAD_LIMIT = 100;

const HOUR_MS = 60 * 60 * 1000;

export interface DownloadSettingsInput {
  expiryHours: number;
  downloadLimit: number;
}

/** Whether the owner's settings are within the bounds (whole numbers of at least 1). */
export function isValidDownloadSettings({ expiryHours, downloadLimit }: DownloadSettingsInput): boolean {
  const within = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;
  return within(expiryHours, MAX_DOWNLOAD_EXPIRY_HOURS) && within(downloadLimit, MAX_DOWNLOAD_LIMIT);
}

/** When a grant made (or renewed) at `from` stops working. */
export const grantExpiry = (from: Date, expiryHours: number): Date => new Date(from.getTime() + expiryHours * HOUR_MS);

/** Orders whose links no longer work: cancelled or refunded (in full: the state moves to REFUNDED). */
export const stopsDownloads = (state: string): boolean => state === ("CANCELLED" satisfies OrderState) || state === ("REFUNDED" satisfies OrderState);

export type GrantState = "AVAILABLE" | "EXPIRED" | "LIMIT_REACHED" | "STOPPED";

export interface GrantFacts {
  expiresAt: Date;
  downloadLimit: number;
  downloadCount: number;
  orderState: string;
}

/** What a link answers now: a stopped order first, then expiry, then the count. */
export function grantState(grant: GrantFacts, now: Date): GrantState {
  if (stopsDownloads(grant.orderState)) return "STOPPED";
  if (now.getTime() >= grant.expiresAt.getTime()) return "EXPIRED";
  if (grant.downloadCount >= grant.downloadLimit) return "LIMIT_REACHED";
  return "AVAILABLE";
}

/** The path of a grant's link: /downloads/<grant id>.<signature>. */
export const DOWNLOADS_PATH_PREFIX = "/downloads/";
export const downloadPath = (token: string): string => `${DOWNLOADS_PATH_PREFIX}${token}`;

/** The grant id and signature of a link's token, or null for anything else. */
export function parseDownloadToken(token: string): { grantId: string; signature: string } | null {
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{16,128})$/.exec(token);
  return match ? { grantId: match[1], signature: match[2] } : null;
}
