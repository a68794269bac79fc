/**
 * The guest's language, shared by the whole app: which Lingui catalog is active (UI text) and which
 * language menu content is shown in. Rules live in domain/language-choice.ts; this module applies them,
 * remembers them and tells React.
 */
import { useSyncExternalStore } from "react";
import { chooseLanguage, type LanguageState, restoreLanguage } from "../../domain/language-choice";
import { DEFAULT_LANGUAGE, type Language, LOCALE_OF } from "../../domain/languages";
import { readStored, removeStored, STORAGE_KEYS, safeSessionStorage, writeStored } from "../storage/local-storage";
import { activateLocale } from "./catalogs";
import { mirrorLanguageInCookies } from "./language-cookies";

/**
 * The language of the server's render this app hydrates (or, on the server, is rendering): the
 * first render must show it, whatever the device has chosen, or hydration would not match.
 */
let renderedIn: LanguageState = chooseLanguage(DEFAULT_LANGUAGE).state;

let state: LanguageState = renderedIn;
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
  const savedUi = readStored(STORAGE_KEYS.language);
  const savedExtra = readStored(STORAGE_KEYS.extraLanguage, safeSessionStorage());
  state = restoreLanguage(savedUi, savedExtra);
  // At every start, so a device whose cookies were cleared (or set before they existed) sends its
  // choice again with its next page load.
  mirrorLanguageInCookies(savedUi, savedExtra);
  await activateLocale(LOCALE_OF[state.ui]);
}

/** The language the page was rendered in, by the server (ssr/server-render.ts) or for it (ssr/render-guest-page.tsx). */
export function renderedInLanguage(language: Language): void {
  renderedIn = chooseLanguage(language).state;
}

/** Whether the device shows the language its page was rendered in: then it can hydrate it. */
export function rendersLikeTheServer(): boolean {
  return state.ui === renderedIn.ui && state.extra === renderedIn.extra;
}

export async function selectLanguage(choice: Language): Promise<void> {
  const outcome = chooseLanguage(choice);
  if (outcome.saveUi) writeStored(STORAGE_KEYS.language, outcome.saveUi);
  if (outcome.state.extra) writeStored(STORAGE_KEYS.extraLanguage, outcome.state.extra, safeSessionStorage());
  else removeStored(STORAGE_KEYS.extraLanguage, safeSessionStorage());
  mirrorLanguageInCookies(readStored(STORAGE_KEYS.language), outcome.state.extra);
  // Switch the catalog first so UI text and menu content change in the same render.
  await activateLocale(LOCALE_OF[outcome.state.ui]);
  state = outcome.state;
  for (const listener of listeners) listener();
}

export function useLanguage(): LanguageState {
  return useSyncExternalStore(subscribe, getState, () => renderedIn);
}
