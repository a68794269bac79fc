/**
 * The guest's language, shared by the whole app: which Lingui catalog is active (UI text) and which
 * language menu content is shown in. Rules live in language-choice.ts; this module applies them,
 * remembers them and tells React.
 */
import { useSyncExternalStore } from "react";
import { type Language, LOCALE_OF } from "../../domain/languages";
import { readStored, removeStored, STORAGE_KEYS, safeSessionStorage, writeStored } from "../storage/local-storage";
import { activateLocale } from "./catalogs";
import { chooseLanguage, type LanguageState, restoreLanguage } from "./language-choice";

/** The language a page is rendered in on the server (ssr/render-guest-page.tsx). */
const SERVER_LANGUAGE: LanguageState = { ui: "GRE", extra: null };

let state: LanguageState = SERVER_LANGUAGE;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): LanguageState {
  return state;
}

/** Called once before the first render, so the first paint is already in the right language. */
export async function initLanguage(): Promise<void> {
  // An extra language is kept for the tab only (sessionStorage): the spec saves UI languages alone.
  state = restoreLanguage(
    readStored(STORAGE_KEYS.language),
    readStored(STORAGE_KEYS.extraLanguage, safeSessionStorage()),
  );
  await activateLocale(LOCALE_OF[state.ui]);
}

/** The server renders in Greek with no extra menu language: a device showing just that can hydrate it. */
export function rendersLikeTheServer(): boolean {
  return state.ui === SERVER_LANGUAGE.ui && state.extra === SERVER_LANGUAGE.extra;
}

export async function selectLanguage(choice: Language): Promise<void> {
  const outcome = chooseLanguage(choice);
  if (outcome.saveUi) writeStored(STORAGE_KEYS.language, outcome.saveUi);
  if (outcome.state.extra) writeStored(STORAGE_KEYS.extraLanguage, outcome.state.extra, safeSessionStorage());
  else removeStored(STORAGE_KEYS.extraLanguage, safeSessionStorage());
  // Switch the catalog first so UI text and menu content change in the same render.
  await activateLocale(LOCALE_OF[outcome.state.ui]);
  state = outcome.state;
  for (const listener of listeners) listener();
}

export function useLanguage(): LanguageState {
  return useSyncExternalStore(subscribe, getState, () => SERVER_LANGUAGE);
}
