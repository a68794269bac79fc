/** The signed-in guest's saved cards (GET creditCard/user); none when signed out or offline. */
import { useCallback, useEffect, useState } from "react";
import type { SavedCardDto } from "../../../domain/auth-api";
import { fetchSavedCards } from "../../api/accounts";
import { useSession } from "../../session/use-session";

export function useSavedCards(): { cards: SavedCardDto[]; reload: () => void } {
  const session = useSession();
  const userId = session?.user.id ?? null;
  const [cards, setCards] = useState<SavedCardDto[]>([]);
  const [round, setRound] = useState(0);

  useEffect(() => {
    // Read in the effect so a reload() re-runs it.
    void round;
    if (userId === null || session?.user.role !== "GUEST") {
      setCards([]);
      return;
    }
    let active = true;
    fetchSavedCards()
      .then((answer) => active && setCards(answer.cards))
      .catch(() => active && setCards([]));
    return () => {
      active = false;
    };
  }, [userId, session?.user.role, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { cards, reload };
}
