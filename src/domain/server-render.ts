/**
 * What the server and the app agree on for a server-rendered guest page (server/ssr/guest-pages.ts,
 * app/ssr/server-render.ts): which pages are rendered, and the data they carry beside their HTML.
 */
import { firstReadsOf } from "./first-reads";
import type { Language } from "./languages";

/** The id of the script element (type application/json, never executed) holding ServerRenderData. */
export const SERVER_RENDER_DATA_ID = "server-render-data";

/** An API answer as the server gave it, by its path under /api. */
export interface FirstAnswer {
  status: number;
  body: unknown;
}

export type FirstAnswers = Readonly<Record<string, FirstAnswer>>;

/** What a server-rendered page carries beside its HTML. */
export interface ServerRenderData {
  /** The instant (ISO 8601) its open, closed and happy-hour states were decided at. */
  renderedAt: string;
  /** The language it was rendered in (page-language.ts). */
  language: Language;
  answers: FirstAnswers;
}

/** The info pages (/info and /info/{document}): static texts a guest opens from a footer link. */
const INFO_PAGE = /^\/info(\/[a-z-]+)?$/;

/**
 * The address the server renders for a page request `url` (path and query), or null when it is
 * not a server-rendered page. Those are the pages a QR code and its next tap open: a spot's
 * services page (/menu/:spot) and a service's menu (/:service/:spot), and the info pages; the
 * screens past them (cart, checkout, search) hold the guest's own state and stay the app's to
 * render. Of the query only what changes these screens is kept, so one page serves every other
 * query a link may carry: `brand=dark` (the dark language picker, spec §2) on a spot's pages,
 * `isApplication=true` (no site header and footer, inside the native app) on the info pages.
 */
export function serverRenderedAddress(url: string): string | null {
  const [pathname = "", query = ""] = url.split("?", 2);
  const search = new URLSearchParams(query);
  if (INFO_PAGE.test(pathname))
    return search.get("isApplication") === "true" ? `${pathname}?isApplication=true` : pathname;
  const segments = pathname.split("/").slice(1);
  if (segments.length !== 2 || firstReadsOf(pathname).length === 0) return null;
  return search.get("brand") === "dark" ? `${pathname}?brand=dark` : pathname;
}

/**
 * The screen whose own stylesheets a server-rendered address needs beyond those index.html links
 * (the guest screens'), or null: the info pages' come with their lazy code in the browser
 * (server/ssr/screen-styles.ts).
 */
export function extraStylesOf(address: string): "info" | null {
  return INFO_PAGE.test(address.split("?", 1)[0] ?? "") ? "info" : null;
}
