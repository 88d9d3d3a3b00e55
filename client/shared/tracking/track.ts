// The always-loaded tracking facade (issue 11): one-line calls from the screens that know the
// moments (a page, a product viewed, an add, checkout, a purchase, a form). Calls wait in a queue; the
// tracking module (client/storefront/tracking/tracker.ts, named by the storefront's entry through
// setTrackerLoader, as shared code imports no area) loads once the page is idle and the server said tracking is on for
// this request (storefrontPage.tracking), so the product page's own script stays small. A tracking
// failure never reaches the page: every promise here ends in a catch.
import type { TrackingCall, TrackingContext } from "./types.ts";

export type { OrderForAnalytics, TrackingCall, TrackingContext } from "./types.ts";

/** How long after the first page the tracker loads: the page becomes interactive first, its own script stays small. */
const LOAD_DELAY_MS = 2000;
/** The page's tracking context; null when this viewer is not tracked. */
let context: TrackingContext | null | undefined;
let tracker: Promise<TrackingModule> | undefined;
let loadTracker: (() => Promise<TrackingModule>) | undefined;
const queue: TrackingCall[] = [];

/** What the tracking module offers the facade: the queued calls, run under the page's context. */
export interface TrackingModule {
  run(context: TrackingContext | null, calls: TrackingCall[]): void;
}

/** Names the tracking module to load (a dynamic import, so it stays out of the page's own script). */
export function setTrackerLoader(load: () => Promise<TrackingModule>): void {
  loadTracker = load;
}

function drain() {
  const load = loadTracker;
  if (!load) return;
  tracker ??= new Promise((resolve) => setTimeout(resolve, LOAD_DELAY_MS)).then(load);
  tracker.then((module) => module.run(context ?? null, queue.splice(0))).catch(() => {});
}

/** Records a moment; it waits until the page's tracking context is known. */
export function track(...call: TrackingCall): void {
  queue.push(call);
  if (tracker) drain();
}

/** A page was shown at `location` (path and query) with its page type (the tracker counts one view per location). */
export function trackPage(location: string, pageType: number | null, next: TrackingContext | null | undefined): void {
  context = next;
  if (next) queue.unshift(["page", location, pageType]);
  if (next || tracker) drain();
}
