/**
 * Chromium fires beforeinstallprompt once, as soon as the page is installable: often before the
 * first screen, while the install offer's code (install-offer.ts) still waits to load after it.
 * main.tsx listens from the very start and keeps the event here until that code takes it.
 */
let caught: Event | null = null;
let handedOver: ((event: Event) => void) | null = null;

export function catchInstallPromptEarly(): void {
  if (typeof window === "undefined") return;
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keep the browser's own mini-infobar away: the offer comes after a first order, not on arrival.
    event.preventDefault();
    if (handedOver !== null) handedOver(event);
    else caught = event;
  });
}

/** The install offer takes over: an event caught before it loaded, and every later one. */
export function takeOverInstallPrompt(receive: (event: Event) => void): void {
  handedOver = receive;
  if (caught !== null) receive(caught);
  caught = null;
}
