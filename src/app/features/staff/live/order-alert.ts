/**
 * The new-order alert of the waiter's PDA, so a waiter hears an order without watching the screen: a short generated two-tone beep (Web
 * Audio: no file to download or cache) and a vibration, which the waiter can silence; the choice
 * is kept on the device. A guest's call (to pay, or for a waiter) rings it too. Every alert that
 * sounded is also announced on the page, so tests and the shell can observe it without hearing it:
 * a "staff-order-alert" CustomEvent on window (detail: how many new orders, and calls) and the
 * running count in <html data-staff-order-alerts>.
 */
import { useSyncExternalStore } from "react";
import { readStored, STORAGE_KEYS, writeStored } from "../../../storage/local-storage";

export const ORDER_ALERT_EVENT = "staff-order-alert";
export const VIBRATION_PATTERN_MS = [200, 100, 200];

export interface OrderAlertDetail {
  newOrders: number;
  /** Guests' calls (to pay, or for a waiter) that rang this alert; absent on an order's alert. */
  newCalls?: number;
}

const silenceListeners = new Set<() => void>();

export function alertsSilenced(): boolean {
  return readStored(STORAGE_KEYS.staffAlertsSilenced) === "true";
}

export function setAlertsSilenced(silenced: boolean): void {
  writeStored(STORAGE_KEYS.staffAlertsSilenced, String(silenced));
  for (const listener of silenceListeners) listener();
}

export function useAlertsSilenced(): boolean {
  return useSyncExternalStore(
    (listener) => {
      silenceListeners.add(listener);
      return () => silenceListeners.delete(listener);
    },
    alertsSilenced,
    () => false,
  );
}

let alertsSounded = 0;

/** Sounds and vibrates for `newOrders` arrivals, unless silenced. */
export function alertNewOrders(newOrders: number): void {
  if (newOrders <= 0) return;
  ring({ newOrders });
}

/**
 * Sounds and vibrates for `newCalls` guests calling (to pay, or for a waiter), unless silenced: the
 * same tone as an order, since the waiter has to go to that table either way.
 */
export function alertNewCalls(newCalls: number): void {
  if (newCalls <= 0) return;
  ring({ newOrders: 0, newCalls });
}

function ring(detail: OrderAlertDetail): void {
  if (alertsSilenced()) return;
  playTone();
  try {
    navigator.vibrate?.(VIBRATION_PATTERN_MS);
  } catch {
    // Some browsers throw when vibration is not allowed yet (no tap on the page so far).
  }
  alertsSounded += 1;
  document.documentElement.dataset.staffOrderAlerts = String(alertsSounded);
  window.dispatchEvent(new CustomEvent<OrderAlertDetail>(ORDER_ALERT_EVENT, { detail }));
}

let audio: AudioContext | null = null;

/** 880 Hz then 1320 Hz, 150 ms each, with soft edges so it does not click. */
function playTone(): void {
  const Context = globalThis.AudioContext;
  if (Context === undefined) return;
  try {
    audio ??= new Context();
    // A context made before the first tap starts suspended; the PIN taps usually unlock it.
    void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    for (const [index, frequency] of [880, 1320].entries()) {
      const at = start + index * 0.18;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.16);
    }
  } catch {
    // No audio output: the vibration and the badge still tell the waiter.
  }
}
