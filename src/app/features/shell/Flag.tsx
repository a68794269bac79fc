import type { Language } from "../../../domain/languages";

/** A language's flag (public/images/flags); decorative, the language's name is always beside it. */
export function Flag({ language, size = 24 }: { language: Language; size?: number }) {
  return (
    <img
      className="flag"
      src={`/images/flags/${language}.svg`}
      alt=""
      width={size}
      height={Math.round((size * 2) / 3)}
      decoding="async"
    />
  );
}
