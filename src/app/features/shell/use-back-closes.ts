/**
 * The phone's back button (Android, or the browser's) closes an open overlay instead of leaving
 * the screen: a guest who opened an item expects "back" to return to the menu they were on.
 *
 * While the overlay is open, one extra history entry with the same URL sits on top. Back pops it,
 * and the popstate closes the overlay. When the overlay closes by its own buttons, the extra entry
 * is taken off again with history.back(), so the history does not collect empty steps. The router
 * sees the same location before and after, so it does not navigate.
 */
import { useEffect, useRef } from "react";

const MARKER = "kymaOverlay";

export function useBackButtonCloses(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    if (!open) return;
    const marker = `${Date.now()}-${Math.random()}`;
    window.history.pushState({ ...(window.history.state as object | null), [MARKER]: marker }, "");
    let poppedByBack = false;
    const onPopState = () => {
      poppedByBack = true;
      closeRef.current();
    };
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("popstate", onPopState);
      const state = window.history.state as Record<string, unknown> | null;
      if (!poppedByBack && state?.[MARKER] === marker) window.history.back();
    };
  }, [open]);
}
