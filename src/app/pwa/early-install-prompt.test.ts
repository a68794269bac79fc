// The install offer comes after a first order, so its code loads late; the
// browser's one beforeinstallprompt, fired at page load, must not be lost meanwhile.
import { describe, expect, it, vi } from "vitest";
import { catchInstallPromptEarly, takeOverInstallPrompt } from "./early-install-prompt";

describe("beforeinstallprompt caught from the app's start", () => {
  it("an event fired before the install offer's code loads is handed to it; later ones go straight to it", () => {
    catchInstallPromptEarly();
    const early = new Event("beforeinstallprompt", { cancelable: true });
    window.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    const receive = vi.fn();
    takeOverInstallPrompt(receive);
    expect(receive).toHaveBeenCalledWith(early);

    const later = new Event("beforeinstallprompt", { cancelable: true });
    window.dispatchEvent(later);
    expect(receive).toHaveBeenLastCalledWith(later);
    expect(receive).toHaveBeenCalledTimes(2);
  });
});
