/**
 * The browser's half of a server-rendered guest page: the server put its screen's HTML in #root
 * and, beside it, the API answers that screen was made from (server/ssr/guest-pages.ts). The
 * app's first load takes those answers instead of asking again, and React hydrates the HTML when
 * the device shows the language the server rendered it in (the one the device's cookies named,
 * domain/page-language.ts); otherwise, its cookies cleared say, the app renders over it at once, in
 * the guest's language.
 */
import { SERVER_RENDER_DATA_ID, type ServerRenderData } from "../../domain/server-render";
import { provideFirstAnswers } from "../api/client";
import { renderedInLanguage } from "../i18n/language-store";
import { decideAtPageInstant } from "./page-instant";

export interface ServerRender {
  /** What the first render needs besides the route's data: the rules and instant of the page. */
  prepare(): Promise<void>;
  /** React's recoverable errors during hydration: a mismatch, reported, never silent. */
  onMismatch(error: unknown): void;
}

/** The API addresses whose answers came inside the page (pwa/visit-reads.ts hands them on). */
const embeddedReads: string[] = [];

/**
 * The reads this page has without having asked for them: the service worker keeps them like the
 * visit's other reads, so that the spot and its menu open offline after this one visit.
 */
export function readsEmbeddedInThePage(): readonly string[] {
  return embeddedReads;
}

/** The server's render of this page, or null for the plain shell (the worker's copy, say). */
export function takeServerRender(): ServerRender | null {
  const data = document.getElementById(SERVER_RENDER_DATA_ID);
  if (!data?.textContent) return null;
  const { renderedAt, language, answers } = JSON.parse(data.textContent) as ServerRenderData;
  data.remove();
  renderedInLanguage(language);
  provideFirstAnswers(answers);
  for (const read of Object.keys(answers)) embeddedReads.push(new URL(`/api/${read}`, window.location.origin).href);
  return {
    prepare: () => decideAtPageInstant(renderedAt),
    onMismatch(error) {
      console.error("server render: hydration mismatch", error);
    },
  };
}

/**
 * How the app takes over the server's HTML, on <html data-render>: "hydrate" or, in another
 * language than the server's, "client" (rendered over it).
 */
export function markRender(render: "hydrate" | "client"): void {
  document.documentElement.dataset.render = render;
}
