// The SiteUserInfo a browser holds beside its session (platform-support §3 "Site-user cookie:
// authenticated flag and siteUserId"): readable by the page's script, and signed with an HMAC keyed by
// the session token, so it cannot be forged without holding the session. The session service checks
// it; server/http/cookies.ts carries it in the SiteUserInfo cookie.
import { createHmac, timingSafeEqual } from "node:crypto";
import { processLogger } from "../support/log.ts";

export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string;
}

const infoSignature = (payload: string, sessionToken: string) => createHmac("sha256", `site-user-info:${sessionToken}`).update(payload).digest("base64url");

/** The signed value: base64url JSON, a dot, its signature. */
export function signSiteUserInfo(info: SiteUserInfo, sessionToken: string): string {
  const payload = Buffer.from(JSON.stringify(info)).toString("base64url");
  return `${payload}.${infoSignature(payload, sessionToken)}`;
}

/**
 * The content when its signature holds for this session token; null (and a warning,
 * platform-support §8 "Unparseable user-info cookie: logged, treated as signed out") when it is
 * malformed or forged.
 */
export function readSiteUserInfo(value: string | undefined, sessionToken: string): SiteUserInfo | null {
  if (!value) return null;
  const [payload, signature, extra] = value.split(".");
  const expected = payload ? infoSignature(payload, sessionToken) : "";
  const valid = extra === undefined && !!signature && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  if (!valid) {
    processLogger().warn("Unparseable or unsigned site-user info cookie: treated as signed out.");
    return null;
  }
  try {
    const info = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (info && typeof info.authenticated === "boolean" && typeof info.siteUserId === "string") return info;
  } catch {
    // fall through
  }
  processLogger().warn("Unparseable site-user info cookie: treated as signed out.");
  return null;
}
