/**
 * What the server and the app agree on for a server-rendered guest page (server/ssr/guest-pages.ts,
 * app/ssr/server-render.ts): which pages are rendered, and the data they carry beside their HTML.
 */
import { firstReadsOf } from "./first-reads";

/** The id of the script element (type application/json, never executed) holding the answers. */
export const SERVER_RENDER_DATA_ID = "server-render-data";

/** An API answer as the server gave it, by its path under /api. */
export interface FirstAnswer {
  status: number;
  body: unknown;
}

export type FirstAnswers = Readonly<Record<string, FirstAnswer>>;

/**
 * The pages a QR code and its next tap open, rendered by the server: a spot's services page
 * (/menu/:spot) and a service's menu (/:service/:spot). The screens past them (cart, checkout,
 * search) hold the guest's own state and stay the app's to render.
 */
export function isServerRenderedPage(pathname: string): boolean {
  const segments = pathname.split("/").slice(1);
  return segments.length === 2 && firstReadsOf(pathname).length > 0;
}
