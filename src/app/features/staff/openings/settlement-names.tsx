/** The words for line states and settlement types (spec §9 payment and receipt types). */
import { Trans } from "@lingui/react/macro";
import type { OpeningLineDto, Settlement } from "../../../../domain/table-openings-api";

export function LineStateName({ state }: { state: OpeningLineDto["state"] }) {
  switch (state) {
    case "OPEN":
      return <Trans>Owed</Trans>;
    case "PAID":
      return <Trans>Paid</Trans>;
    case "TREATED":
      return <Trans>Treated</Trans>;
    case "CANCELED":
      return <Trans>Canceled</Trans>;
  }
}

export function SettlementName({ type, online = false }: { type: Settlement["type"]; online?: boolean }) {
  switch (type) {
    case "CASH":
      return <Trans>Cash</Trans>;
    case "CARD":
      return online ? <Trans>Card (online)</Trans> : <Trans>Card</Trans>;
    case "BANK_ACCOUNT":
      return <Trans>Bank account</Trans>;
    case "ON_CREDIT":
      return <Trans>On credit</Trans>;
    case "CHARGE_TO_ROOM":
      return <Trans>Charge to room</Trans>;
    case "SELF_PUBLISH":
      return <Trans>Self publish</Trans>;
  }
}
