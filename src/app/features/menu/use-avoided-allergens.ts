/**
 * The guest's "Without…" choice, kept for the tab's session: it follows the guest from the menu to
 * a category, a reload and back, and is forgotten with the tab (another guest may pick up a shared
 * tablet). Storage that is unavailable (private mode) leaves it in memory for the screen.
 */
import { useCallback, useState } from "react";
import { type Allergen, type AvoidedAllergens, parseAvoided, toggleAvoided } from "../../../domain/allergens";

const STORAGE_KEY = "kyma.avoided-allergens";

function readStored(): AvoidedAllergens {
  try {
    return parseAvoided(JSON.parse(globalThis.sessionStorage?.getItem(STORAGE_KEY) ?? "[]"));
  } catch {
    return [];
  }
}

function store(avoided: AvoidedAllergens): void {
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(avoided));
  } catch {
    // Kept in memory only.
  }
}

export function useAvoidedAllergens(): {
  avoided: AvoidedAllergens;
  toggle: (allergen: Allergen) => void;
  clear: () => void;
} {
  const [avoided, setAvoided] = useState(readStored);
  const toggle = useCallback((allergen: Allergen) => {
    setAvoided((current) => {
      const next = toggleAvoided(current, allergen);
      store(next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    store([]);
    setAvoided([]);
  }, []);
  return { avoided, toggle, clear };
}
