/**
 * A login token issued for a waiter, shown as a QR code and a link: the waiter's PDA scans the code
 * (or opens the link) once and is signed in. The QR code is drawn here, in the browser (the
 * `qrcode` package, loaded with the admin screen's chunk only), so the token never leaves this
 * device except in the link itself.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { loginLinkUrl } from "../sign-in/login-link";

export interface IssuedLink {
  staffName: string;
  userId: number;
  storeId: number;
  loginToken: string;
  expiresAt: string;
}

export function LoginLinkPanel({ link, onClose }: { link: IssuedLink; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const url = loginLinkUrl(link);
  const [svg, setSvg] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let active = true;
    QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then((drawn) => {
      if (active) setSvg(drawn);
    });
    return () => {
      active = false;
    };
  }, [url]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  const until = i18n.date(new Date(link.expiresAt), { dateStyle: "short", timeStyle: "short" });
  const name = link.staffName;
  return (
    <section className="card staff-admin__link" aria-labelledby="staff-admin-link-title">
      <h2 id="staff-admin-link-title">
        <Trans>Sign-in link for {name}</Trans>
      </h2>
      <p>
        <Trans>Scan it with the waiter's device, or open the link there. It works once, until {until}.</Trans>
      </p>
      {svg === null ? (
        <p aria-busy="true">
          <Trans>Drawing the QR code…</Trans>
        </p>
      ) : (
        <img
          className="staff-admin__qr"
          src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
          alt={t`QR code of the sign-in link for ${name}`}
          width={220}
          height={220}
        />
      )}
      <a className="staff-admin__url" href={url} data-testid="login-link">
        {url}
      </a>
      <div className="account-actions">
        <button type="button" className="button" onClick={copy}>
          {copied ? <Trans>Copied</Trans> : <Trans>Copy link</Trans>}
        </button>
        <button type="button" className="link-button" onClick={onClose}>
          <Trans>Done</Trans>
        </button>
      </div>
    </section>
  );
}
