/**
 * The back office's services: the store's services (GET .../catalogue, each with its settings and
 * its pause) in a list, and the chosen one's settings form beside it (ServiceForm.tsx; two columns
 * from 900 px, one below the other under that), with its pause: paused now, it says until when and
 * the reason guests read, with "Resume"; otherwise it pauses orders now for a while or until
 * resumed, with a reason (the Stock view's control, ServicePauseControl.tsx). The pause is sent at
 * once with a key kept for its retry (not queued offline, like every back-office write). Leaving a
 * service, the screen or the page with unsaved changes asks first.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useMemo, useRef, useState } from "react";
import { LANGUAGES, type Language, pickTranslation, UI_LANGUAGES } from "../../../domain/languages";
import type { ServicePauseRequest } from "../../../domain/service-pause-api";
import type { EditableService, StaffCatalogue, StaffCatalogueService } from "../../../domain/staff-catalogue-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { AccountMessage } from "../entrance/AccountMessage";
import { useServerNow } from "../staff/live/server-now";
import { ServicePauseControl, type WaitingPause } from "../staff/stock/ServicePauseControl";
import { fetchStaffCatalogue, saveServicePause } from "./back-office-api";
import { ReadPending } from "./ReadPending";
import { ServiceForm } from "./ServiceForm";
import { SaveKeys } from "./save-keys";
import { readSaveFailure } from "./save-outcome";
import { useLeaveGuard, useStaffCatalogue } from "./use-staff-catalogue";
import "../staff/stock/stock.css";

export function ServicesScreen({ storeId }: { storeId: number }) {
  const { t, i18n } = useLingui();
  const ui = i18n.locale === "el" ? "GRE" : "ENG";
  const { catalogue, setCatalogue, loadError, load } = useStaffCatalogue(storeId);
  const [selected, setSelected] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const { mayLeave } = useLeaveGuard(dirty);

  const services = catalogue?.services ?? [];
  const service = services.find((candidate) => candidate.serviceId === selected) ?? services[0] ?? null;
  const languages = useMemo(() => languagesOf(catalogue), [catalogue]);

  const replaceService = useCallback(
    (serviceId: number, changed: Partial<StaffCatalogueService>) => {
      setCatalogue(
        (shown) =>
          shown && {
            ...shown,
            services: shown.services.map((candidate) =>
              candidate.serviceId === serviceId ? { ...candidate, ...changed } : candidate,
            ),
          },
      );
    },
    [setCatalogue],
  );

  const shownId = service?.serviceId;
  const readCurrent = useCallback(async () => {
    const fresh = await fetchStaffCatalogue(storeId);
    return fresh.services.find((candidate) => candidate.serviceId === shownId) ?? null;
  }, [storeId, shownId]);

  const onSaved = useCallback(
    (saved: EditableService) => replaceService(saved.serviceId, editableOf(saved)),
    [replaceService],
  );

  function choose(serviceId: number) {
    if (serviceId === service?.serviceId) return;
    if (!mayLeave()) return;
    setDirty(false);
    setSelected(serviceId);
  }

  if (catalogue === null) {
    return <ReadPending error={loadError} onRetry={() => void load()} />;
  }

  return (
    <div className="back-office__columns">
      <nav className="back-office__list" aria-label={t`Services`}>
        <ul>
          {services.map((candidate) => (
            <li key={candidate.serviceId}>
              <button
                type="button"
                className="back-office__item-button"
                aria-current={candidate.serviceId === service?.serviceId ? "true" : undefined}
                onClick={() => choose(candidate.serviceId)}
              >
                {pickTranslation(candidate.names, ui).name}
                {candidate.pause !== undefined && (
                  <span className="back-office__badge">
                    {" "}
                    <Trans>paused</Trans>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="back-office__detail">
        {service === null ? (
          <p>
            <Trans>This store has no services yet.</Trans>
          </p>
        ) : (
          <>
            <h2>{pickTranslation(service.names, ui).name}</h2>
            <ServicePause
              key={`pause-${service.serviceId}`}
              storeId={storeId}
              service={service}
              onChanged={(pause) => replaceService(service.serviceId, { pause })}
            />
            <ServiceForm
              key={service.serviceId}
              storeId={storeId}
              service={service}
              languages={languages}
              onSaved={onSaved}
              onDirtyChange={setDirty}
              readCurrent={readCurrent}
            />
          </>
        )}
      </div>
    </div>
  );
}

/**
 * A service's pause now, sent at once: the control shows it as waiting until the server answers;
 * no answer keeps the key for the same pause tapped again; a refusal is said above it.
 */
function ServicePause({
  storeId,
  service,
  onChanged,
}: {
  storeId: number;
  service: StaffCatalogueService;
  onChanged: (pause: StaffCatalogueService["pause"]) => void;
}) {
  const { t, i18n } = useLingui();
  const ui = i18n.locale === "el" ? "GRE" : "ENG";
  const now = useServerNow(30_000);
  const [waiting, setWaiting] = useState<WaitingPause | null>(null);
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: ErrorText } | null>(null);
  const keys = useRef(new SaveKeys());
  const name = pickTranslation(service.names, ui).name;

  async function change(request: ServicePauseRequest | null) {
    const kind = request === null ? "resume" : "pause";
    setNotice(null);
    setWaiting(request === null ? { kind: "resume" } : { kind: "pause", request });
    try {
      const state = await saveServicePause(storeId, service.serviceId, request, keys.current.keyFor(kind, request));
      keys.current.forget(kind);
      onChanged(state.pause ?? undefined);
      setNotice({
        tone: "success",
        text: { verbatim: request === null ? t`Orders resumed: ${name}` : t`Orders paused: ${name}` },
      });
    } catch (thrown) {
      const failure = await readSaveFailure(thrown, "");
      if (failure.kind === "unanswered") {
        setNotice({ tone: "error", text: { verbatim: t`Not saved: no answer from the server. Try again.` } });
      } else {
        keys.current.forget(kind);
        setNotice({ tone: "error", text: errorTextOf(failure.error) });
      }
    } finally {
      setWaiting(null);
    }
  }

  return (
    <section className="back-office__group back-office__pause" aria-labelledby={`pause-${service.serviceId}`}>
      <h3 id={`pause-${service.serviceId}`}>
        <Trans>Taking orders</Trans>
      </h3>
      <AccountMessage message={notice} />
      <ServicePauseControl
        serviceName={name}
        pause={service.pause}
        waiting={waiting}
        nowMs={now}
        onPause={(request) => void change(request)}
        onResume={() => void change(null)}
      />
    </section>
  );
}

/** Only the settings of a service as an admin edits them (the answer of a save). */
function editableOf(saved: EditableService): Partial<StaffCatalogueService> {
  const { serviceId: _id, ...settings } = saved;
  return settings;
}

/** Greek and English, then every other language the store's services are named in. */
function languagesOf(catalogue: StaffCatalogue | null): Language[] {
  const used = new Set<Language>(UI_LANGUAGES);
  for (const service of catalogue?.services ?? []) {
    for (const language of LANGUAGES) if (service.names[language] !== undefined) used.add(language);
  }
  return LANGUAGES.filter((language) => used.has(language));
}
