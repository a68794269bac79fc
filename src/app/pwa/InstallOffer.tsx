/**
 * "Keep Κύμα on your home screen", after a first order (once the app has proved useful), never on
 * arrival. This part only decides whether the offer shows; its card, with the texts of the
 * "screens" catalog, loads when it does (InstallOfferCard.tsx), not on every visit, so the menu's
 * first load stays small.
 */
import { Suspense, useSyncExternalStore } from "react";
import { lazyWithScreens } from "../i18n/lazy-with-screens";
import { currentInstallOffer, installOfferVersion, subscribeToInstallOffer } from "./install-offer";

const InstallOfferCard = lazyWithScreens(() =>
  import("./InstallOfferCard").then((module) => ({ default: module.InstallOfferCard })),
);

export function InstallOffer() {
  useSyncExternalStore(subscribeToInstallOffer, installOfferVersion, () => 0);
  const offer = currentInstallOffer();
  if (offer === null) return null;
  return (
    <Suspense fallback={null}>
      <InstallOfferCard offer={offer} />
    </Suspense>
  );
}
