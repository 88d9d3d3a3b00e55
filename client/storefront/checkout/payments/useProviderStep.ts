// The step both Stripe forms share (the checkout's payment, the subscription's new card): confirm with
// Stripe, then tell our server. Stripe's refusal shows in its own words, a failure to reach either in
// ours; the button stays busy from the click until our server has answered.
import { useState } from "react";
import { describeFailure } from "../../../shared/relay/errors.ts";

type ProviderResult = { error?: { message?: string } };

export function useProviderStep(completing: boolean) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = confirming || completing;

  /** Runs `confirm` (Stripe.js); on success hands its result to `onConfirmed`, which calls our server. */
  const run = async <R extends ProviderResult>(confirm: () => Promise<R>, onConfirmed: (result: Extract<R, { error?: undefined }>) => void) => {
    if (busy) return;
    setProblem(null);
    setConfirming(true);
    try {
      const result = await confirm();
      if (result.error) return setProblem(result.error.message ?? describeFailure(result.error));
      onConfirmed(result as Extract<R, { error?: undefined }>);
    } catch (error) {
      setProblem(describeFailure(error));
    } finally {
      setConfirming(false);
    }
  };

  return { busy, problem, setProblem, run };
}
