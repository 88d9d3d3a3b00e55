// A failed renewal charge is tried again 1, 3 and 5 days after the first failure, then given up (issue 22).
import { afterRenewalFailure } from "../../../server/domain/payments/renewal-retries.ts";

const first = new Date("2026-03-01T06:00:00Z");
const at = (iso: string) => new Date(iso);

describe("afterRenewalFailure", () => {
  it("tries again 1, 3 and 5 days after the first failure, whenever the retries ran", () => {
    expect(afterRenewalFailure(0, null, first)).toEqual({ kind: "RETRY", failures: 1, firstFailedAt: first, retryAt: at("2026-03-02T06:00:00Z") });
    // A retry run late (the server was down) does not push the schedule back.
    expect(afterRenewalFailure(1, first, at("2026-03-02T09:30:00Z"))).toEqual({
      kind: "RETRY",
      failures: 2,
      firstFailedAt: first,
      retryAt: at("2026-03-04T06:00:00Z"),
    });
    expect(afterRenewalFailure(2, first, at("2026-03-04T06:00:00Z"))).toEqual({
      kind: "RETRY",
      failures: 3,
      firstFailedAt: first,
      retryAt: at("2026-03-06T06:00:00Z"),
    });
  });

  it("gives up when the last retry fails", () => {
    expect(afterRenewalFailure(3, first, at("2026-03-06T06:00:00Z"))).toEqual({ kind: "GIVE_UP", failures: 4 });
  });
});
