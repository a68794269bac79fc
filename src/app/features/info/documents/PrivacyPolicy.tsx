import { Trans } from "@lingui/react/macro";

export function PrivacyPolicy() {
  return (
    <>
      <p>
        <Trans>
          We collect as little as possible and only to take and deliver your order. This policy follows the EU General
          Data Protection Regulation (GDPR).
        </Trans>
      </p>
      <h2>
        <Trans>Who is responsible</Trans>
      </h2>
      <p>
        <Trans>
          The venue you order from is responsible for the data of your order. Kyma processes it on the venue's behalf,
          and is responsible for your account.
        </Trans>
      </p>
      <h2>
        <Trans>What we store</Trans>
      </h2>
      <ul>
        <li>
          <Trans>Your phone number, to sign you in with a one-time code and to tell you about your order.</Trans>
        </li>
        <li>
          <Trans>Your name and e-mail, if you give them, for receipts and answers to your messages.</Trans>
        </li>
        <li>
          <Trans>
            Your orders: items, spot, time, status and amount, because the venue must keep them for tax purposes.
          </Trans>
        </li>
        <li>
          <Trans>
            For saved cards, only a token from the payment provider, the card brand and its last four digits. We never
            see or store your card number or security code.
          </Trans>
        </li>
      </ul>
      <h2>
        <Trans>What we do not do</Trans>
      </h2>
      <p>
        <Trans>
          We do not sell your data, we do not use advertising or tracking cookies, and we do not build profiles of you.
        </Trans>
      </p>
      <h2>
        <Trans>How long</Trans>
      </h2>
      <p>
        <Trans>
          Orders are kept for as long as Greek tax law requires. Your account stays until you delete it; sign-in codes
          expire after 10 minutes.
        </Trans>
      </p>
      <h2>
        <Trans>Your rights</Trans>
      </h2>
      <p>
        <Trans>
          You can ask to see, correct, export or delete your data, and object to its use, through the contact form. You
          can also complain to the Hellenic Data Protection Authority (www.dpa.gr).
        </Trans>
      </p>
    </>
  );
}
