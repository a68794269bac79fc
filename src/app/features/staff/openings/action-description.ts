/** A stored staff action in the waiter's words, for the pending and refused notices. */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PendingStaffActionRow } from "../../../db/app-db";

/** Rows stored by an older version of the app carry no description: they get a general one. */
export function describeAction(row: PendingStaffActionRow, i18n: I18n): string {
  return row.description ?? i18n._(msg`A waiter's action`);
}
