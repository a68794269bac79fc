/**
 * The few things the app keeps in the browser's localStorage (spec §3 "Local storage keeps"), behind
 * one module so every key is listed here and a blocked storage (Safari private mode, full quota)
 * degrades to "nothing remembered" instead of crashing the page.
 */
export const STORAGE_KEYS = {
  language: "language",
  extraLanguage: "extraLanguage",
  acceptedCookies: "acceptedCookies",
  /** "true" when the last opened table was a PDA spot: this is a staff device (PIN sign-in shown). */
  staffDevice: "staffDevice",
  lastStoreId: "lastStoreId",
  /** The last table (spot) opened: the profile links back to it. */
  lastTableId: "lastTableId",
  /** This device's staff enrolment secrets, per store (JSON { [storeId]: secret }). */
  staffDeviceTokens: "staffDeviceTokens",
  /** The terminal's own PDA spot: JSON { storeId, spotId, storeNames, storeIsHotel }. */
  terminal: "terminal",
  /** "true" when the waiter silenced the new-order sound and vibration on this PDA. */
  staffAlertsSilenced: "staffAlertsSilenced",
  /** "true" when the cooks silenced the new-ticket beep on this kitchen display. */
  kitchenSoundMuted: "kitchenSoundMuted",
  /** The last answers of the PDA's live lists, shown offline (features/staff/openings/last-reads.ts). */
  staffLastReads: "staffLastReads",
  /** "true" once a guest's order reached a store from this device: the install offer may show. */
  placedAnOrder: "placedAnOrder",
  /** "true" when the guest dismissed the install offer: never shown again. */
  installOfferDismissed: "installOfferDismissed",
  /** The last bills a guest read, per account and spot, shown offline "as of" their time (features/bill/last-bill.ts). */
  guestLastBills: "guestLastBills",
  /**
   * In sessionStorage: a bill payment sent without a definite answer, with its Idempotency-Key and
   * body, so "Try again" after a reload of the tab is the same payment (features/bill/PayPanel.tsx).
   */
  pendingBillPayment: "pendingBillPayment",
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStored(key: StorageKey, storage: Storage | undefined = safeLocalStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the preference is simply not remembered.
  }
}

export function removeStored(key: StorageKey, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Same as above: nothing to clean when storage is unavailable.
  }
}

/** sessionStorage lasts as long as the tab: used for choices the spec does not ask to keep. */
export function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
