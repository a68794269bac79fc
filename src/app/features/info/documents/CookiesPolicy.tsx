import { Trans } from "@lingui/react/macro";

export function CookiesPolicy() {
  return (
    <>
      <p>
        <Trans>
          Kyma uses no advertising, analytics or third-party cookies. It keeps only what the app needs to work, in your
          browser's storage:
        </Trans>
      </p>
      <ul>
        <li>
          <Trans>
            your language choice, also in a cookie, so that pages come from our server already in your language;
          </Trans>
        </li>
        <li>
          <Trans>that you have seen the cookie notice;</Trans>
        </li>
        <li>
          <Trans>your cart, so it survives a dropped connection or a reload;</Trans>
        </li>
        <li>
          <Trans>your sign-in session, if you sign in;</Trans>
        </li>
        <li>
          <Trans>copies of the pages and menus you opened, so they work offline.</Trans>
        </li>
      </ul>
      <p>
        <Trans>
          Because this storage is strictly necessary for the service you ask for, it needs no consent. You can clear it
          at any time from your browser's settings; you will then need to choose your language and sign in again.
        </Trans>
      </p>
    </>
  );
}
