/**
 * The sticky header: the store's name on store screens (a link back to its services), the app's
 * name elsewhere, and the language button. On a store's terminal with its staff signed in, the
 * staff shell's bar already names the store: the header does not say it again.
 */

import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { pickTranslation } from "../../../domain/languages";
import { useLanguage } from "../../i18n/language-store";
import { useTerminalSpot } from "../../session/staff-device";
import { useSession } from "../../session/use-session";
import { useCurrentTable } from "../../venue/use-current-table";
import { AccountButton } from "../entrance/AccountButton";
import { showsStaffShell } from "../staff/shell/staff-nav";
import { LanguageButton } from "./LanguageButton";
import type { PickerTheme } from "./screens";

export function Header({ pickerTheme }: { pickerTheme: PickerTheme }) {
  const table = useCurrentTable();
  const language = useLanguage();
  const staffShellShown = showsStaffShell(useSession()?.user, useTerminalSpot());

  return (
    <header className="site-header">
      <div className="site-header__inner">
        {staffShellShown ? (
          <span />
        ) : table ? (
          <Link to="/menu/$tableId" params={{ tableId: table.spot.id }} className="site-header__brand">
            {pickTranslation(table.store.names, language.ui, language.extra).name}
          </Link>
        ) : (
          <Link to="/" className="site-header__brand site-header__brand--app">
            <svg className="site-header__logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
              <circle cx="16" cy="16" r="16" fill="var(--sea-600)" />
              <circle cx="21" cy="11" r="4.5" fill="var(--sun-400)" />
              <path
                d="M4 20c3 0 3-2.5 6-2.5s3 2.5 6 2.5 3-2.5 6-2.5 3 2.5 6 2.5"
                fill="none"
                stroke="#fff"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
            <Trans>Kyma</Trans>
          </Link>
        )}
        <div className="site-header__actions">
          <AccountButton />
          <LanguageButton storeExtraLanguages={table?.store.extraLanguages ?? []} theme={pickerTheme} />
        </div>
      </div>
    </header>
  );
}
