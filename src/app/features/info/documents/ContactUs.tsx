import { Trans } from "@lingui/react/macro";
import { ContactForm } from "../ContactForm";

export function ContactUs() {
  return (
    <>
      <p>
        <Trans>
          A question about an order, a problem with the app, or an idea? Write to us and we will answer by e-mail,
          usually within one working day. For anything urgent about an order, please speak to the venue's staff.
        </Trans>
      </p>
      <ContactForm />
    </>
  );
}
