/**
 * The install offer's state: the browser's deferred install prompt
 * (beforeinstallprompt, Chromium browsers), whether this is iOS Safari (Share > Add to Home
 * Screen), whether the app already runs from the home screen, and the two facts kept on the
 * device: a first order placed, and "no thanks" said once and for all. installOfferOf (domain)
 * decides what shows.
 */
import { type InstallPath, installOfferOf, isIosSafari } from "../../domain/pwa-prompts";
import { readStored, STORAGE_KEYS, writeStored } from "../storage/local-storage";
import { takeOverInstallPrompt } from "./early-install-prompt";

/** Chromium's event (not in lib.dom): prompt() shows the browser's install sheet once. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
let listening = false;
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** The browser fires beforeinstallprompt once, whenever it decides; main.tsx catches it from the start. */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  takeOverInstallPrompt((event) => {
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    installed = true;
    deferred = null;
    changed();
  });
}

/** The order reached the store (its progress screen shows a daily number): the app has proved useful. */
export function rememberFirstOrder(): void {
  if (readStored(STORAGE_KEYS.placedAnOrder) === "true") return;
  writeStored(STORAGE_KEYS.placedAnOrder, "true");
  changed();
}

/** "No thanks", for good. */
export function dismissInstallOffer(): void {
  writeStored(STORAGE_KEYS.installOfferDismissed, "true");
  changed();
}

/** Shows the browser's install sheet; whatever the answer, the offer is not shown again. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  deferred = null;
  if (!event) return;
  await event.prompt().catch(() => undefined);
  const choice = await event.userChoice.catch(() => ({ outcome: "dismissed" as const }));
  if (choice.outcome === "accepted") installed = true;
  dismissInstallOffer();
}

function installPath(): InstallPath {
  if (deferred !== null) return "prompt";
  return isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0) ? "ios-safari" : "none";
}

function runsStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return installed || iosStandalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

/** For useSyncExternalStore: a number that changes with every change of the inputs. */
export function installOfferVersion(): number {
  return version;
}

export function subscribeToInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentInstallOffer(): "prompt" | "ios-hint" | null {
  return installOfferOf({
    path: installPath(),
    standalone: runsStandalone(),
    dismissed: readStored(STORAGE_KEYS.installOfferDismissed) === "true",
    hasOrdered: readStored(STORAGE_KEYS.placedAnOrder) === "true",
  });
}
