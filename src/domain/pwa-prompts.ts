/**
 * When the PWA may offer itself and when it may reload. Pure rules, shared by
 * the install offer and the update prompt (src/app/pwa); no browser APIs here.
 */

/** How this browser installs a web app: its own prompt (beforeinstallprompt), iOS Safari's Share menu, or not at all. */
export type InstallPath = "prompt" | "ios-safari" | "none";

export interface InstallOfferInput {
  path: InstallPath;
  /** Already running from the home screen (display-mode: standalone, or iOS navigator.standalone). */
  standalone: boolean;
  /** The guest said "no" once: never again on this device. */
  dismissed: boolean;
  /** The guest has placed an order here: the app proved useful, so it is worth keeping. Not on arrival. */
  hasOrdered: boolean;
}

/** What to offer now: the browser's install prompt, the iOS "Add to Home Screen" hint, or nothing. */
export function installOfferOf(input: InstallOfferInput): "prompt" | "ios-hint" | null {
  if (input.standalone || input.dismissed || !input.hasOrdered) return null;
  if (input.path === "prompt") return "prompt";
  if (input.path === "ios-safari") return "ios-hint";
  return null;
}

/**
 * iOS Safari itself (the one iOS browser whose Share menu adds a web app to the home screen):
 * iPhone, iPod, or an iPad that calls itself a Mac but has a touch screen; not Chrome (CriOS),
 * Firefox (FxiOS), Edge (EdgiOS) or an in-app browser (no "Safari/" token).
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  if (!ios) return false;
  return /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
}

export interface ReloadGuardInput {
  /** The screen the guest is on. */
  pathname: string;
  /** Checkouts in the outbox that the server has not answered yet (Dexie pendingOrders, orderId null). */
  unsentOrders: number;
}

/**
 * A new version may reload the page only when nothing is in flight: never on the cart/checkout
 * screen (a half-filled delivery form, a card payment on its way) and never with an order in the
 * outbox (its retry loop, its progress screen and the lock that keeps it exactly once live in this
 * page). Until then the prompt waits.
 */
export function updateMayReload(input: ReloadGuardInput): boolean {
  return input.unsentOrders === 0 && !isCheckoutPath(input.pathname);
}

/** The cart and checkout screen of any service: /{service}/{table}/cart. */
export function isCheckoutPath(pathname: string): boolean {
  return /\/cart\/?$/.test(pathname);
}

/** The manifest's start_url marks a launch from the home screen with this query parameter. */
export const HOME_SCREEN_LAUNCH = { param: "launch", value: "home-screen" } as const;

/**
 * Where a launch lands: from the home screen with a table remembered, that table's services and
 * menus (the guest is back on the same sunbed); otherwise the landing page (null: stay).
 */
export function launchTargetOf(search: string, lastTableId: number | undefined): string | null {
  const launched = new URLSearchParams(search).get(HOME_SCREEN_LAUNCH.param) === HOME_SCREEN_LAUNCH.value;
  if (!launched || lastTableId === undefined) return null;
  return `/menu/${lastTableId}`;
}
