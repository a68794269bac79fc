/**
 * The browser's half of a server-rendered guest page: the server put its screen's HTML in #root
 * and, beside it, the API answers that screen was made from (server/ssr/guest-pages.ts). The
 * app's first load takes those answers instead of asking again, and React hydrates the HTML when
 * the device shows what the server rendered (Greek, no extra menu language); otherwise the app
 * renders over it at once, in the guest's language.
 */
import { type FirstAnswers, SERVER_RENDER_DATA_ID } from "../../domain/server-render";
import { provideFirstAnswers } from "../api/client";

export interface ServerRender {
  /** React's recoverable errors during hydration: a mismatch, reported, never silent. */
  onMismatch(error: unknown): void;
}

/** The server's render of this page, or null for the plain shell (the worker's copy, say). */
export function takeServerRender(): ServerRender | null {
  const data = document.getElementById(SERVER_RENDER_DATA_ID);
  if (!data?.textContent) return null;
  const answers = JSON.parse(data.textContent) as FirstAnswers;
  data.remove();
  provideFirstAnswers(answers);
  return {
    onMismatch(error) {
      console.error("server render: hydration mismatch", error);
    },
  };
}

/** Marks the page once hydrated, for tests and benches that wait for an interactive page. */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = "true";
}
