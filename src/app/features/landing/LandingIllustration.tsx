/** Beach umbrella, sun and a phone scanning a QR code: the whole idea of the app in one picture. */
export function LandingIllustration() {
  return (
    <svg className="landing__art" viewBox="0 0 320 200" width="320" height="200" aria-hidden="true">
      <rect width="320" height="200" rx="24" fill="#eaf5f4" />
      <circle cx="258" cy="52" r="24" fill="#f2b441" />
      <path d="M0 128c40-12 80 12 120 0s80-12 120 0 60 10 80 4v68H0z" fill="#13808a" />
      <path d="M0 150c40-10 80 10 120 0s80-10 120 0 60 8 80 3v47H0z" fill="#0e6b73" />
      <path d="M0 172c60-8 120 6 180 0s100-6 140 0v28H0z" fill="#e9dcc7" />
      <path d="M92 70v102" stroke="#3c4a50" strokeWidth="4" strokeLinecap="round" />
      <path d="M40 78a52 34 0 01104 0z" fill="#f6f1e8" />
      <path
        d="M40 78a52 34 0 0126-29l-4 29zM92 44a52 34 0 0126 5l4 29h-30zM144 78a52 34 0 00-26-29l4 29z"
        fill="#e4572e"
      />
      <rect x="186" y="74" width="56" height="100" rx="10" fill="#1b2529" />
      <rect x="191" y="82" width="46" height="80" rx="4" fill="#ffffff" />
      <g fill="#1b2529">
        <rect x="198" y="92" width="12" height="12" />
        <rect x="218" y="92" width="12" height="12" />
        <rect x="198" y="112" width="12" height="12" />
        <rect x="214" y="110" width="4" height="4" />
        <rect x="222" y="116" width="8" height="4" />
        <rect x="218" y="122" width="4" height="4" />
        <rect x="200" y="94" width="8" height="8" fill="#fff" />
        <rect x="220" y="94" width="8" height="8" fill="#fff" />
        <rect x="200" y="114" width="8" height="8" fill="#fff" />
        <rect x="202" y="96" width="4" height="4" />
        <rect x="222" y="96" width="4" height="4" />
        <rect x="202" y="116" width="4" height="4" />
      </g>
      <rect x="198" y="136" width="32" height="8" rx="4" fill="#0e6b73" />
      <rect x="198" y="148" width="22" height="6" rx="3" fill="#d8c5a6" />
    </svg>
  );
}
