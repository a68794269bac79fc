/**
 * The store's catalogue as a back-office screen edits it: read once on opening (again with `load`
 * after a failed read), with the screen's own changes put in with `setCatalogue`; and the question
 * before leaving a screen, or switching what it edits, while a form has unsaved changes.
 */
import { useLingui } from "@lingui/react/macro";
import { useBlocker } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import type { StaffCatalogue } from "../../../domain/staff-catalogue-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { fetchStaffCatalogue } from "./back-office-api";

export function useStaffCatalogue(storeId: number) {
  const [catalogue, setCatalogue] = useState<StaffCatalogue | null>(null);
  const [loadError, setLoadError] = useState<ErrorText | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setCatalogue(await fetchStaffCatalogue(storeId));
    } catch (error) {
      setLoadError(errorTextOf(error));
    }
  }, [storeId]);

  useEffect(() => {
    void load();
  }, [load]);

  return { catalogue, setCatalogue, loadError, load };
}

/** Asks before leaving with unsaved changes (the router and the browser); `mayLeave` asks within the screen. */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useLingui();
  const leaveText = t`You have unsaved changes. Leave without saving them?`;
  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(leaveText),
    enableBeforeUnload: () => dirty,
  });
  return { mayLeave: () => !dirty || window.confirm(leaveText) };
}
