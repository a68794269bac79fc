/**
 * A lazily loaded extra of the shell (the install offer, the update prompt, the footer): while its
 * code loads it shows nothing, and if the code cannot arrive (offline before the service worker
 * had fetched it) it stays away instead of taking the guest's screen down with it.
 */
import { type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "./ErrorBoundary";

export function OptionalPart({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
