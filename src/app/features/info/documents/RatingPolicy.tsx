import { Trans } from "@lingui/react/macro";

export function RatingPolicy() {
  return (
    <>
      <p>
        <Trans>Reviews help venues improve and help other guests choose. To keep them useful and fair:</Trans>
      </p>
      <ul>
        <li>
          <Trans>Only guests who ordered can review, once for each order, after it has been served.</Trans>
        </li>
        <li>
          <Trans>A review has a rating from 1 to 5 stars and an optional comment.</Trans>
        </li>
        <li>
          <Trans>Reviews show your first name only, never your phone number or e-mail.</Trans>
        </li>
        <li>
          <Trans>
            We remove reviews that are offensive, contain personal data of others, advertise, or are not about the
            visit.
          </Trans>
        </li>
        <li>
          <Trans>Venues cannot edit or remove honest reviews, but they can reply to them.</Trans>
        </li>
      </ul>
      <p>
        <Trans>To report a review, use the contact form and tell us which review and why.</Trans>
      </p>
    </>
  );
}
