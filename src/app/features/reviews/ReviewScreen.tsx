/**
 * /review/:orderId (spec §2 reviews, title "leave a review"; login required: the _auth layout
 * redirects without a session). Shows which order is reviewed, then a rating and a comment. The
 * order is read first so that a guest is not handed a form the server will refuse (not accepted,
 * already reviewed, not theirs); the server still decides, and its refusals show through the error
 * catalogue.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import type { OrderDto, ReviewDto } from "../../../domain/orders-api";
import { canLeaveReview } from "../../../domain/reviews";
import { ERROR_MESSAGES, type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { fetchOrder, submitReview } from "../../api/history-and-reviews";
import { AccountMessage, type AccountMessageValue } from "../entrance/AccountMessage";
import { useLeaveWhenSignedOut } from "../history/use-leave-when-signed-out";
import { usePageTitle } from "../shell/use-page-title";
import { ReviewedOrder } from "./ReviewedOrder";
import { StarRatingInput } from "./StarRatingInput";
import "../entrance/accounts.css";
import "./reviews.css";

/** The request schema's limit (ReviewRequestSchema.comment.maxLength). */
const COMMENT_MAX_LENGTH = 2000;
const CHOOSE_A_RATING = msg`Choose a rating from 1 to 5 stars`;

type OrderLoad = { state: "loading" } | { state: "ready"; order: OrderDto } | { state: "failed"; error: ErrorText };

export function ReviewScreen({ orderId }: { orderId: number }) {
  const { t } = useLingui();
  usePageTitle(t`Leave a review`);
  const session = useLeaveWhenSignedOut();
  const [load, setLoad] = useState<OrderLoad>({ state: "loading" });
  const [sent, setSent] = useState<ReviewDto | null>(null);

  useEffect(() => {
    let active = true;
    fetchOrder(orderId)
      .then((order) => active && setLoad({ state: "ready", order }))
      .catch((error: unknown) => active && setLoad({ state: "failed", error: errorTextOf(error) }));
    return () => {
      active = false;
    };
  }, [orderId]);

  const order = load.state === "ready" ? load.order : null;
  // Only a definite "no such order" hides the form; on a network failure the server decides on send.
  const missing =
    load.state === "failed" && "descriptor" in load.error && load.error.descriptor === ERROR_MESSAGES.ORDER_NOT_FOUND;

  return (
    <section className="page review" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Leave a review</Trans>
      </h1>
      {order && <ReviewedOrder order={order} />}
      {sent ? (
        <ReviewSent review={sent} userId={session?.user.id} />
      ) : missing ? (
        <Notice text={{ descriptor: ERROR_MESSAGES.ORDER_NOT_FOUND }} />
      ) : order?.reviewed ? (
        <Notice text={{ descriptor: ERROR_MESSAGES.REVIEW_ALREADY_EXISTS }} storeId={order.storeId} />
      ) : order && !canLeaveReview(order) ? (
        <Notice text={{ descriptor: ERROR_MESSAGES.REVIEW_NOT_ALLOWED }} />
      ) : (
        <ReviewForm orderId={orderId} onSent={setSent} />
      )}
    </section>
  );
}

function ReviewForm({ orderId, onSent }: { orderId: number; onSent: (review: ReviewDto) => void }) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<AccountMessageValue | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (rating === null) {
      setMessage({ tone: "error", text: { descriptor: CHOOSE_A_RATING } });
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      onSent(await submitReview(orderId, { rating, comment }));
    } catch (error) {
      setMessage({ tone: "error", text: errorTextOf(error) });
      setSending(false);
    }
  }

  return (
    <form className="review-form card" onSubmit={(event) => void send(event)} noValidate>
      <p className="page__lead">
        <Trans>How was your order? Your first name is shown with your review.</Trans>
      </p>
      <StarRatingInput value={rating} onChange={setRating} disabled={sending} />
      <label className="review-form__field">
        <span>
          <Trans>Comment (optional)</Trans>
        </span>
        <textarea
          value={comment}
          maxLength={COMMENT_MAX_LENGTH}
          rows={5}
          disabled={sending}
          onChange={(event) => setComment(event.target.value)}
        />
      </label>
      <AccountMessage message={message} />
      <button type="submit" className="button" disabled={sending}>
        {sending ? <Trans>Sending…</Trans> : <Trans>Send review</Trans>}
      </button>
    </form>
  );
}

/** Why there is no form: the order cannot be reviewed (any more). */
function Notice({ text, storeId }: { text: ErrorText; storeId?: number }) {
  return (
    <div className="review-sent card">
      <AccountMessage message={{ tone: "error", text }} />
      {storeId !== undefined && (
        <Link to="/stores/$storeId/reviews" params={{ storeId }} className="button button--quiet">
          <Trans>See the store's reviews</Trans>
        </Link>
      )}
    </div>
  );
}

function ReviewSent({ review, userId }: { review: ReviewDto; userId: number | undefined }) {
  return (
    <div className="review-sent card" role="status">
      <h2 className="review-sent__heading">
        <Trans>Thank you for your review!</Trans>
      </h2>
      <div className="review-sent__links">
        <Link to="/stores/$storeId/reviews" params={{ storeId: review.storeId }} className="button">
          <Trans>See the store's reviews</Trans>
        </Link>
        {userId !== undefined && (
          <Link to="/history/$userId" params={{ userId }} className="button button--quiet">
            <Trans>Back to my orders</Trans>
          </Link>
        )}
      </div>
    </div>
  );
}
