/**
 * Where the entrance (sign-in) dialog and the enter/login prompt appear (spec §2 Global shell):
 * "The entrance (login) modal is shown except on profile, history, landing, review (but not
 * store-reviews) and cart routes"; "An enter/login prompt shows when not logged in on routes
 * without their own prompt". The routes that have their own prompt are the ones without the
 * modal (the cart asks at checkout, guarded routes redirect) and /pin, whose page is the prompt.
 */
import { type Screen, screenFamily } from "../shell/screens";

const NO_ENTRANCE_DIALOG: ReadonlySet<Screen> = new Set<Screen>(["profile", "history", "landing", "reviews", "cart"]);

export function showsEntranceDialog(screen: Screen): boolean {
  return !NO_ENTRANCE_DIALOG.has(screenFamily(screen));
}

/**
 * Whether a request to open the dialog is honoured on this screen: everywhere the dialog shows,
 * and on the cart, whose own prompt it is: the checkout opens it for an order on hold ("Continue",
 * "Complete order", spec §2) and the change-phone dialog for a guest not signed in.
 */
export function honoursEntranceRequest(screen: Screen): boolean {
  return showsEntranceDialog(screen) || screenFamily(screen) === "cart";
}

export function showsLoginPrompt(screen: Screen, signedIn: boolean): boolean {
  return !signedIn && screen !== "pin" && showsEntranceDialog(screen);
}
