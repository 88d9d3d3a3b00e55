// Captcha verification (spec storefront §5, §9: form, newsletter and waitlist submissions). A captcha
// is asked for only where the site has a site key. Two verifiers share one interface:
//  - RecaptchaVerifier: the server-side check of Google reCAPTCHA, over HTTPS, with the site's
//    secret (https://developers.google.com/recaptcha/docs/verify);
//  - TestCaptchaVerifier: deterministic, for development and tests: a token passes when it starts
//    with "pass" (the test widget makes such tokens), anything else fails. Never used in production.
// Either way a token verifies once: spent tokens are recorded (CaptchaTokenUse) in the transaction
// that accepts the submission, so a replayed token fails even if the provider would accept it again.
import type { Db, Tx } from "../../db/client.ts";
import { sha256 } from "../support/ids.ts";
import { processLogger } from "../support/log.ts";

export interface CaptchaCheck {
  token: string;
  /** The site's reCAPTCHA secret (Website.captchaSecretKey). */
  secret: string | null;
  remoteIp?: string | null;
}

export interface CaptchaVerifier {
  readonly name: string;
  /** Whether the provider accepts the token (it does not record its use: see spendCaptchaToken). */
  verify(check: CaptchaCheck): Promise<boolean>;
}

export const RECAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
const VERIFY_TIMEOUT_MS = 5000;

export class RecaptchaVerifier implements CaptchaVerifier {
  readonly name = "recaptcha";

  constructor(private readonly options: { verifyUrl?: string; fetch?: typeof fetch; timeoutMs?: number } = {}) {}

  async verify({ token, secret, remoteIp }: CaptchaCheck): Promise<boolean> {
    if (!secret) {
      processLogger().error("ReCaptcha has not been set up! The site has a captcha site key but no secret key.");
      return false;
    }
    const body = new URLSearchParams({ secret, response: token });
    if (remoteIp) body.set("remoteip", remoteIp);
    try {
      const response = await (this.options.fetch ?? fetch)(this.options.verifyUrl ?? RECAPTCHA_VERIFY_URL, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? VERIFY_TIMEOUT_MS),
      });
      if (!response.ok) return false;
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
    } catch (error) {
      processLogger().warn({ err: error }, "reCAPTCHA verification failed to complete");
      return false;
    }
  }
}

export class TestCaptchaVerifier implements CaptchaVerifier {
  readonly name = "test";

  async verify({ token }: CaptchaCheck): Promise<boolean> {
    return token.startsWith("pass");
  }
}

/** reCAPTCHA, unless CAPTCHA_VERIFIER=test (the only way to the test verifier). */
export function captchaVerifierFromEnv(env: { NODE_ENV?: string; CAPTCHA_VERIFIER?: string }): CaptchaVerifier {
  const choice = env.CAPTCHA_VERIFIER?.trim() || "recaptcha";
  return choice === "recaptcha" ? new RecaptchaVerifier() : new TestCaptchaVerifier();
}

/** Tokens are at most 4 KB of printable text (reCAPTCHA's are about 500-2000 characters). */
export const isCaptchaToken = (token: unknown): token is string => typeof token === "string" && /^[\x21-\x7e]{1,4096}$/.test(token);

/**
 * Records the token as spent; false when it already was. Call inside the transaction that accepts
 * the submission, so a token is spent exactly when its submission is stored.
 */
export async function spendCaptchaToken(tx: Tx, token: string): Promise<boolean> {
  const tokenHash = sha256(`captcha:${token}`);
  const spent = await tx.captchaTokenUse.findUnique({ where: { tokenHash }, select: { tokenHash: true } });
  if (spent) return false;
  await tx.captchaTokenUse.create({ data: { tokenHash } });
  return true;
}

/** Whether the token was spent already (checked before asking the provider). */
export async function isCaptchaTokenSpent(db: Db | Tx, token: string): Promise<boolean> {
  return (await db.captchaTokenUse.count({ where: { tokenHash: sha256(`captcha:${token}`) } })) > 0;
}

/**
 * The one check of a submitted captcha token, for forms, newsletters and waitlists alike: it was not
 * spent before, and the provider accepts it with the site's secret. Spend it with spendCaptchaToken
 * in the transaction that stores the submission.
 */
export async function isCaptchaAccepted(db: Db, verifier: CaptchaVerifier, check: CaptchaCheck): Promise<boolean> {
  return !(await isCaptchaTokenSpent(db, check.token)) && (await verifier.verify(check));
}
