// The time left on a deal. The server (and a cached page) cannot know when the page is read, so
// the markup says when the deal ends; after hydration the browser counts down every second.
// role="timer" is not a live region: a screen reader reads the timer when asked, never every
// second; its name says what ends and when.
import { useEffect, useState } from 'react';
import { sharedStyled } from '../../common/sharedStyles.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const UNITS = [
  ['days', 86400],
  ['hrs', 3600],
  ['min', 60],
  ['sec', 1],
];

const two = (n) => String(n).padStart(2, '0');

/** "30 Nov 2026, 03:25 UTC": the same text on the server and in every browser (no locale, no zone). */
function endText(iso) {
  const end = new Date(iso);
  return `${end.getUTCDate()} ${MONTHS[end.getUTCMonth()]} ${end.getUTCFullYear()}, ${two(end.getUTCHours())}:${two(end.getUTCMinutes())} UTC`;
}

/** Whole seconds left split into [name, amount] per unit. */
function timeLeft(seconds) {
  let rest = Math.max(0, Math.floor(seconds));
  return UNITS.map(([name, size]) => {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    return [name, amount];
  });
}

const Timer = sharedStyled('div', (theme) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 48,
  '& .unit': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    width: 48,
    height: 48,
    borderRadius: 6,
    background: theme.palette.secondary.main,
    color: '#fff',
    lineHeight: 1.1,
  },
  '& .amount': { fontSize: 17, fontWeight: 700, fontVariantNumeric: 'tabular-nums' },
  '& .name': { fontSize: 10, textTransform: 'uppercase', letterSpacing: '0.04em', color: '#E3E8EF' },
  '& .ends': { fontSize: 14, fontWeight: 600, color: theme.palette.text.secondary },
  [theme.breakpoints.down('sm')]: {
    gap: 4,
    '& .unit': { width: 42, height: 44 },
    '& .amount': { fontSize: 15 },
  },
}));

/** expireDate: ISO 8601; label: what the deal is ("Slim Fit Chino Trousers deal"). */
export default function Countdown({ expireDate, label }) {
  const end = Date.parse(expireDate);
  const [now, setNow] = useState(null);

  useEffect(() => {
    let timer = null;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= end) clearInterval(timer);
    };
    tick();
    timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [end]);

  const ends = endText(expireDate);
  let shown;
  if (now === null) {
    shown = (
      <span className="ends">
        Ends <time dateTime={expireDate}>{ends}</time>
      </span>
    );
  } else if (now >= end) {
    shown = <span className="ends">This deal has ended</span>;
  } else {
    shown = timeLeft((end - now) / 1000).map(([name, amount]) => (
      <span key={name} className="unit">
        <span className="amount">{two(amount)}</span>
        <span className="name">{name}</span>
      </span>
    ));
  }

  return (
    <Timer role="timer" aria-live="off" aria-atomic="true" aria-label={`${label} ends ${ends}`} data-testid="countdown">
      {shown}
    </Timer>
  );
}
