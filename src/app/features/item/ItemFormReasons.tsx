/**
 * Why the add / update button cannot act yet, next to it: the service's state (spec §4 ordering
 * disabled when closed, with the reason), missing mandatory choices, a missing weight, the limit
 * banners of spec §5, or a failed write.
 */
import { Trans } from "@lingui/react/macro";
import type { LimitVerdict } from "../../../domain/limits";
import { OpenState, OrderingNoteText } from "../menu/ServiceStatusText";
import type { ServiceStatus } from "../menu/service-status";
import { LimitBanner } from "./limit-texts";
import type { CartLimitError } from "./save-item";

export type SaveProblem = { kind: "failed" } | { kind: "limit"; error: CartLimitError };

interface ItemFormReasonsProps {
  /** Removing is always allowed: then only a failed write is worth saying. */
  removing: boolean;
  status: ServiceStatus | null;
  /** Names of the mandatory groups still without a choice, joined. */
  missingGroups: string;
  needsWeight: boolean;
  /** The add button's banner (it does not count the per-order maximum in edit mode). */
  banner: LimitVerdict;
  problem: SaveProblem | null;
}

export function ItemFormReasons({
  removing,
  status,
  missingGroups,
  needsWeight,
  banner,
  problem,
}: ItemFormReasonsProps) {
  return (
    <div className="item-form__reasons">
      {!removing && status === null && (
        <p>
          <Trans>Checking the opening hours…</Trans>
        </p>
      )}
      {!removing && status !== null && !status.orderingEnabled && (
        <p>
          <OpenState status={status} /> <OrderingNoteText status={status} />
        </p>
      )}
      {!removing && missingGroups !== "" && (
        <p>
          <Trans>Please choose: {missingGroups}</Trans>
        </p>
      )}
      {!removing && needsWeight && (
        <p>
          <Trans>Enter the weight to continue.</Trans>
        </p>
      )}
      {!removing && !banner.ok && (
        <p className="item-form__banner" role="alert">
          <LimitBanner verdict={banner} />
        </p>
      )}
      {problem?.kind === "limit" && (
        <p className="item-form__banner" role="alert">
          <LimitBanner verdict={problem.error.verdict} />
        </p>
      )}
      {problem?.kind === "failed" && (
        <p className="item-form__banner" role="alert">
          <Trans>Your cart could not be saved. Please try again.</Trans>
        </p>
      )}
    </div>
  );
}
