/**
 * The /cart/change-phone step (spec §2 cart-with-change-phone): the number that gets the order's
 * outcome by SMS, changed without leaving the cart (the profile's ChangePhone, loaded on demand).
 * Signed out, it asks to sign in first.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { useSession } from "../../session/use-session";
import { openEntrance } from "../entrance/entrance-store";
import { Dialog } from "../shell/Dialog";

const ChangePhone = lazy(() => import("../profile/ChangePhone").then((module) => ({ default: module.ChangePhone })));

export function ChangePhoneDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const session = useSession();
  return (
    <Dialog title={t`Change phone number`} closeLabel={t`Close`} onClose={onClose}>
      {session === null ? (
        <>
          <p>
            <Trans>Sign in first; then you can change the phone number that receives your order updates.</Trans>
          </p>
          <div className="account-actions">
            <button type="button" className="button" data-autofocus onClick={() => openEntrance()}>
              <Trans>Sign in</Trans>
            </button>
          </div>
        </>
      ) : (
        session && (
          <Suspense fallback={<p>{t`Loading…`}</p>}>
            <ChangePhone />
          </Suspense>
        )
      )}
    </Dialog>
  );
}
