// Scheduled purges of rows that have served their purpose. Each window is at least as long as the
// rule that reads the rows needs them, so a purge never changes an answer.
import type { Db } from "../../db/client.ts";
import { IDEMPOTENCY_WINDOW_MS } from "../cart/cart-transaction.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A spent captcha token is remembered this long. Providers' tokens are good for minutes (reCAPTCHA:
 * 2) and the provider refuses a token it verified before, so a day is ample.
 */
export const CAPTCHA_TOKEN_MEMORY_MS = DAY_MS;
/** Submission keys are kept a day past their end (forms.ts answers a retry with the same key). */
export const SUBMISSION_KEY_GRACE_MS = DAY_MS;

export interface PurgeCounts {
  sessions: number;
  idempotencyRecords: number;
  captchaTokenUses: number;
  formSubmissionKeys: number;
}

/** Deletes expired or revoked sessions, idempotency records past their window, old captcha token uses and spent-out submission keys. */
export async function purgeExpired(db: Db, now: Date): Promise<PurgeCounts> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const sessions = await db.session.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { revokedAt: { not: null } }] } });
  const idempotencyRecords = await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: ago(IDEMPOTENCY_WINDOW_MS) } } });
  const captchaTokenUses = await db.captchaTokenUse.deleteMany({ where: { usedAt: { lt: ago(CAPTCHA_TOKEN_MEMORY_MS) } } });
  const formSubmissionKeys = await db.formSubmissionKey.deleteMany({ where: { expiresAt: { lt: ago(SUBMISSION_KEY_GRACE_MS) } } });
  return {
    sessions: sessions.count,
    idempotencyRecords: idempotencyRecords.count,
    captchaTokenUses: captchaTokenUses.count,
    formSubmissionKeys: formSubmissionKeys.count,
  };
}
