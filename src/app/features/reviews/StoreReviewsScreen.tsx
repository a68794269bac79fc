/**
 * /stores/:storeId/reviews (spec §2 store-reviews, title "store reviews"; public): the store's
 * average and number of reviews, then the latest reviews with the reviewer's first name (or "a
 * guest" when the account is gone or has no name).
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import type { ReviewDto, StoreReviews } from "../../../domain/orders-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { fetchStoreReviews } from "../../api/history-and-reviews";
import { formatAthensDate } from "../../i18n/athens-date-time";
import { useLanguage } from "../../i18n/language-store";
import { ErrorWithRetry } from "../history/ErrorWithRetry";
import { EmptyStatePage } from "../shell/EmptyStatePage";
import { formatRating } from "./rating";
import { Stars } from "./Stars";
import "../history/history.css";
import "./reviews.css";
import { TitledPage } from "../shell/TitledPage";

type Load = { state: "loading" } | { state: "failed"; error: ErrorText } | { state: "ready"; data: StoreReviews };

export function StoreReviewsScreen({ storeId }: { storeId: number }) {
  const { t } = useLingui();
  const title = t`Store reviews`;
  const language = useLanguage();
  const [load, setLoad] = useState<Load>({ state: "loading" });

  const fetchReviews = useCallback(
    async (signal: AbortSignal) => {
      setLoad({ state: "loading" });
      try {
        const data = await fetchStoreReviews(storeId, signal);
        if (!signal.aborted) setLoad({ state: "ready", data });
      } catch (error) {
        if (!signal.aborted) setLoad({ state: "failed", error: errorTextOf(error) });
      }
    },
    [storeId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchReviews(controller.signal);
    return () => controller.abort();
  }, [fetchReviews]);

  if (load.state === "ready" && load.data.count === 0) {
    const store = pickTranslation(load.data.storeNames, language.ui, language.extra).name;
    return (
      <EmptyStatePage
        title={title}
        art="star"
        heading={<Trans>No reviews yet</Trans>}
        body={<Trans>Reviews from guests of {store} will appear here.</Trans>}
      />
    );
  }

  return (
    <TitledPage title={title} className="store-reviews" busy={load.state === "loading"}>
      {load.state === "loading" && (
        <div role="status" aria-label={t`Loading reviews`}>
          <div className="card history-skeleton" aria-hidden="true">
            <div className="skeleton skeleton--heading" />
            <div className="skeleton skeleton--line" />
          </div>
        </div>
      )}
      {load.state === "failed" && (
        <ErrorWithRetry error={load.error} onRetry={() => void fetchReviews(new AbortController().signal)}>
          <Trans>The reviews could not be loaded.</Trans>
        </ErrorWithRetry>
      )}
      {load.state === "ready" && <ReviewsOfStore data={load.data} language={language} />}
    </TitledPage>
  );
}

function ReviewsOfStore({ data, language }: { data: StoreReviews; language: LanguageState }) {
  const { t } = useLingui();
  const store = pickTranslation(data.storeNames, language.ui, language.extra).name;
  const average = data.averageRating ?? 0;
  const shownAverage = formatRating(average, language.ui);
  const count = data.count;
  const shown = data.reviews.length;
  return (
    <>
      <section className="reviews-summary card" aria-labelledby="reviews-summary-title">
        <h2 id="reviews-summary-title" className="reviews-summary__store">
          {store}
        </h2>
        <p className="reviews-summary__average">
          <span className="reviews-summary__number">{shownAverage}</span>
          <Stars value={average} label={t`Average rating ${shownAverage} out of 5`} />
        </p>
        <p className="reviews-summary__count">
          <Plural value={count} one="# review" other="# reviews" />
        </p>
      </section>
      <ol className="reviews-list">
        {data.reviews.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} language={language} />
          </li>
        ))}
      </ol>
      {shown < count && (
        <p className="reviews-list__note">
          <Trans>Showing the latest {shown} reviews.</Trans>
        </p>
      )}
    </>
  );
}

function ReviewItem({ review, language }: { review: ReviewDto; language: LanguageState }) {
  const { t } = useLingui();
  const author = review.authorName ?? t`A guest`;
  const date = formatAthensDate(review.createdAt, language.ui);
  return (
    <article className="review-item card">
      <header className="review-item__header">
        <Stars value={review.rating} />
        <span className="review-item__author">{author}</span>
        <time className="review-item__date" dateTime={review.createdAt}>
          {date}
        </time>
      </header>
      {review.comment && <p className="review-item__comment">{review.comment}</p>}
    </article>
  );
}
