/**
 * Open, closed and happy hour on a server-rendered page are decided at the instant the server
 * rendered it, on the server and again in the app's hydration, so both render the same: the live
 * rules and Temporal are loaded first (in the browser, while the page is already readable).
 */
import { athensNowAt, epochMsOfIso } from "../clock/athens-now";
import { ensureTemporal } from "../clock/ensure-temporal";
import { setPageInstant } from "../clock/use-athens-now";
import { loadLiveRules } from "../features/menu/use-live-rules";

export async function decideAtPageInstant(renderedAt: string): Promise<void> {
  await Promise.all([ensureTemporal(), loadLiveRules()]);
  setPageInstant(athensNowAt(epochMsOfIso(renderedAt), "server"));
}
