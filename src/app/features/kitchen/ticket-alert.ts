/**
 * The kitchen display's new-ticket beep, so a cook hears a ticket arrive with their hands in a pan:
 * one short generated tone (Web Audio: no file to download or cache), lower and shorter than the
 * waiters' two-tone order alert so the two are not confused in a shared space. The cooks can mute
 * it; the choice is kept on the device. Every beep that sounded is also announced on the page, so
 * tests can observe it without hearing it: a "kitchen-ticket-alert" CustomEvent on window (detail:
 * how many new tickets) and the running count in <html data-kitchen-ticket-alerts>.
 */
import { useSyncExternalStore } from "react";
import { readStored, STORAGE_KEYS, writeStored } from "../../storage/local-storage";

export const TICKET_ALERT_EVENT = "kitchen-ticket-alert";

export interface TicketAlertDetail {
  newTickets: number;
}

const muteListeners = new Set<() => void>();

export function ticketSoundMuted(): boolean {
  return readStored(STORAGE_KEYS.kitchenSoundMuted) === "true";
}

export function setTicketSoundMuted(muted: boolean): void {
  writeStored(STORAGE_KEYS.kitchenSoundMuted, String(muted));
  for (const listener of muteListeners) listener();
}

export function useTicketSoundMuted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      muteListeners.add(listener);
      return () => muteListeners.delete(listener);
    },
    ticketSoundMuted,
    () => false,
  );
}

let beeps = 0;

/** Beeps once for `newTickets` arrivals, unless muted. */
export function alertNewTickets(newTickets: number): void {
  if (newTickets <= 0 || ticketSoundMuted()) return;
  playBeep();
  beeps += 1;
  document.documentElement.dataset.kitchenTicketAlerts = String(beeps);
  window.dispatchEvent(new CustomEvent<TicketAlertDetail>(TICKET_ALERT_EVENT, { detail: { newTickets } }));
}

let audio: AudioContext | null = null;

/** 660 Hz for 200 ms, with soft edges so it does not click. */
function playBeep(): void {
  const Context = globalThis.AudioContext;
  if (Context === undefined) return;
  try {
    audio ??= new Context();
    // A context made before the first tap starts suspended; the PIN taps usually unlock it.
    void audio.resume().catch(() => undefined);
    const at = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.21);
  } catch {
    // No audio output: the ticket on screen and the announcement still tell the cooks.
  }
}
