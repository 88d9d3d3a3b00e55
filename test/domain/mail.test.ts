// The outbox's retry rule (domain/mail.ts): exponential backoff from 30 s, capped at an hour, and the
// dead letter after 5 failed deliveries.
import { afterFailedDelivery, isRetryable, retryDelayMs } from "../../server/domain/mail.ts";

const MINUTE = 60_000;

it.each([
  [1, 30_000],
  [2, MINUTE],
  [3, 2 * MINUTE],
  [4, 4 * MINUTE],
  [7, 32 * MINUTE],
  [8, 60 * MINUTE],
  [50, 60 * MINUTE],
])("waits %i failed deliveries -> %i ms before the next try", (attempts, delay) => {
  expect(retryDelayMs(attempts)).toBe(delay);
});

it("keeps a failed email pending until its next try, and makes it a dead letter at the fifth failure", () => {
  const now = new Date("2030-01-01T00:00:00Z");
  expect(afterFailedDelivery(1, now)).toEqual({ status: "PENDING", nextAttemptAt: new Date("2030-01-01T00:00:30Z") });
  expect(afterFailedDelivery(4, now)).toEqual({ status: "PENDING", nextAttemptAt: new Date("2030-01-01T00:04:00Z") });
  expect(afterFailedDelivery(5, now)).toEqual({ status: "FAILED", nextAttemptAt: null });
});

it("lets an owner send again only a dead letter", () => {
  expect(["PENDING", "SENT", "RECORDED", "FAILED"].filter(isRetryable)).toEqual(["FAILED"]);
});
