/**
 * The accounts part of the shell: keeps the session's tokens fresh (at start and every 20
 * minutes, spec §9) and mounts the entrance dialog while someone asked for it on a screen that
 * allows it (spec §2). Loaded after the first render, like the update prompt.
 */
import { Suspense, useEffect } from "react";
import { lazyWithScreens } from "../../i18n/lazy-with-screens";
import { useCurrentScreen } from "../shell/use-shell-route";
import { useEntranceRequest } from "./entrance-store";
import { honoursEntranceRequest } from "./entrance-visibility";

const EntranceDialog = lazyWithScreens(() =>
  import("./EntranceDialog").then((module) => ({ default: module.EntranceDialog })),
);

export function AccountsLayer() {
  const request = useEntranceRequest();
  const screen = useCurrentScreen();

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([import("../../session/token-refresh"), import("../../api/accounts")]).then(
      ([{ startTokenRefresh }, { refreshTokens }]) => {
        if (!cancelled) stop = startTokenRefresh(refreshTokens);
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  if (!request || !honoursEntranceRequest(screen)) return null;
  return (
    <Suspense fallback={null}>
      <EntranceDialog request={request} />
    </Suspense>
  );
}
