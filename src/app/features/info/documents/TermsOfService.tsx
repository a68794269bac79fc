import { Trans } from "@lingui/react/macro";

export function TermsOfService() {
  return (
    <>
      <p>
        <Trans>
          Kyma lets you order food and drinks from the venue you are at, from your table, umbrella, sunbed or room, or
          through a delivery link. By placing an order you accept these terms.
        </Trans>
      </p>
      <h2>
        <Trans>Who sells to you</Trans>
      </h2>
      <p>
        <Trans>
          The venue prepares, serves and charges for your order and is responsible for it, including its receipt. Kyma
          provides the ordering service on the venue's behalf.
        </Trans>
      </p>
      <h2>
        <Trans>Prices and orders</Trans>
      </h2>
      <ul>
        <li>
          <Trans>Prices are set by the venue, are in euros and include VAT.</Trans>
        </li>
        <li>
          <Trans>
            An order is binding once the venue accepts it. If the venue rejects it or does not answer in time, you are
            told and nothing is charged.
          </Trans>
        </li>
        <li>
          <Trans>Items may run out; the venue may limit how many items an order can have.</Trans>
        </li>
        <li>
          <Trans>Alcoholic drinks are served only to persons over 18; staff may ask for identification.</Trans>
        </li>
      </ul>
      <h2>
        <Trans>Payment</Trans>
      </h2>
      <p>
        <Trans>
          You pay in cash to the staff, by card through our payment provider, or, in hotels, by charging your room where
          the venue allows it. A receipt is issued by the venue.
        </Trans>
      </p>
      <h2>
        <Trans>Allergies</Trans>
      </h2>
      <p>
        <Trans>
          Descriptions come from the venue. If you have an allergy or a dietary need, please tell the staff before you
          order.
        </Trans>
      </p>
      <h2>
        <Trans>Fair use</Trans>
      </h2>
      <p>
        <Trans>
          Please order only from the spot you are at. Fake orders or misuse of the service may lead to your account
          being blocked.
        </Trans>
      </p>
      <h2>
        <Trans>Law</Trans>
      </h2>
      <p>
        <Trans>
          These terms are governed by Greek law. Your rights as a consumer under Greek and EU law are not affected.
        </Trans>
      </p>
    </>
  );
}
