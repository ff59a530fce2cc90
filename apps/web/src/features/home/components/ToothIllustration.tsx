/** A decorative tooth with a design grid, drawn inline (no network images). */
export function ToothIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 320" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="tooth-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#cdeef0" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="160" r="150" fill="rgba(255,255,255,0.08)" />
      <circle cx="160" cy="160" r="112" fill="none" stroke="rgba(205,238,240,0.35)" strokeDasharray="6 10" />
      <path
        d="M160 72c-26-18-72-17-84 17-9 26 3 51 11 76 7 23 8 72 27 75 17 3 17-49 46-49s29 52 46 49c19-3 20-52 27-75 8-25 20-50 11-76-12-34-58-35-84-17z"
        fill="url(#tooth-fill)"
        stroke="#9fdde2"
        strokeWidth="3"
      />
      <path d="M104 118h112M98 146h124M104 174h112" stroke="#44bcc6" strokeOpacity="0.5" strokeWidth="2" />
      <path d="M132 86v150M160 82v116M188 86v150" stroke="#44bcc6" strokeOpacity="0.35" strokeWidth="2" />
      <circle cx="246" cy="84" r="6" fill="#9fdde2" />
      <circle cx="70" cy="236" r="4" fill="#9fdde2" />
      <path d="M252 220l6 14 14 6-14 6-6 14-6-14-14-6 14-6z" fill="#ffffff" fillOpacity="0.85" />
    </svg>
  );
}
