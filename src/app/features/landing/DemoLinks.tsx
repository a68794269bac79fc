/**
 * While the demo venues are loaded, the landing page lists their QR links so a visitor without a
 * table can try the app. GET /api/demo/links answers 404 when the demo is off: then nothing shows.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { pickTranslation } from "../../../domain/languages";
import { fetchDemoLinks } from "../../api/requests";
import { useLanguage } from "../../i18n/language-store";
import { type DemoLinkKind, type DemoStore, groupDemoLinksByStore, isDemoLinkKind } from "./demo-links";

const KIND_NAME: Record<DemoLinkKind, MessageDescriptor> = {
  table: msg`Table`,
  umbrella: msg`Umbrella`,
  "beach-chair": msg`Sunbed`,
  room: msg`Room`,
  delivery: msg`Delivery`,
  pda: msg`Waiter's device`,
  pin: msg`Staff pin`,
};

export function DemoLinks() {
  const { i18n } = useLingui();
  const language = useLanguage();
  const navigate = useNavigate();
  const [stores, setStores] = useState<DemoStore[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    fetchDemoLinks(controller.signal)
      .then((response) => setStores(groupDemoLinksByStore(response.links)))
      // No demo (404) or no connection: the landing page simply has no demo section.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (stores.length === 0) return null;

  return (
    <section className="demo" aria-labelledby="demo-title">
      <h2 id="demo-title">
        <Trans>Try the demo</Trans>
      </h2>
      <p className="demo__lead">
        <Trans>No QR code at hand? Open one of the demo venues as if you had scanned it.</Trans>
      </p>
      {stores.map((store) => {
        const storeName = pickTranslation(store.storeNames, language.ui, language.extra).name;
        return (
          <section key={store.storeId} className="demo__store card" aria-label={storeName}>
            <h3>{storeName}</h3>
            <ul className="demo__links">
              {store.links.map((link) => (
                <li key={link.path}>
                  <a
                    href={link.path}
                    className="demo__link"
                    onClick={(event) => {
                      // Stay in the single-page app; the href keeps long-press and "open in new tab".
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      void navigate({ href: link.path });
                    }}
                  >
                    {isDemoLinkKind(link.kind) && <span className="demo__kind">{i18n._(KIND_NAME[link.kind])}</span>}
                    <span>{link.spotName}</span>
                    {link.kind !== "pin" && (
                      <span className={`demo__open${link.openServices.length > 0 ? " demo__open--yes" : ""}`}>
                        {link.openServices.length > 0 ? <Trans>Open now</Trans> : <Trans>Closed now</Trans>}
                      </span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
