// An accessible slide show: previous/next buttons, one dot per slide, swipe on touch screens,
// and no autoplay (moving content a visitor did not ask for is a WCAG 2.2.2 failure). Every
// slide is in the server-rendered markup; those not shown are `inert`, so neither the keyboard
// nor assistive technology reaches them, and the first slide paints before any script runs.
import { Children, useRef, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import { sharedStyled } from '../common/sharedStyles.js';
import ChevronLeft from '../icons/ChevronLeft.js';
import ChevronRight from '../icons/ChevronRight.js';
import IconAction from './IconAction.jsx';

const Wrapper = sharedStyled('section', (theme) => ({
  position: 'relative',
  '& .viewport': { overflow: 'hidden', borderRadius: 8 },
  '& .track': {
    display: 'flex',
    transition: 'transform 450ms ease',
    '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
  },
  '& .slide': { flex: '0 0 100%', minWidth: 0 },
  '& > button': {
    position: 'absolute',
    top: '50%',
    marginTop: -36,
    zIndex: 1,
    boxShadow: '0 2px 8px rgba(3, 0, 71, 0.15)',
    '& svg': theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {},
    [theme.breakpoints.down('sm')]: { display: 'none' },
  },
  '& > .prev': { insetInlineStart: 12 },
  '& > .next': { insetInlineEnd: 12 },
  '& .dots': { display: 'flex', justifyContent: 'center', gap: 4, marginTop: theme.spacing(1) },
  '& .dots button': {
    width: 24,
    height: 24,
    padding: 0,
    border: 0,
    background: 'transparent',
    cursor: 'pointer',
    '&::before': {
      content: '""',
      display: 'block',
      width: 10,
      height: 10,
      margin: 'auto',
      borderRadius: 5,
      background: theme.palette.grey[300],
      transition: 'width 200ms, background-color 200ms',
    },
    '&[aria-current="true"]::before': { width: 22, background: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, borderRadius: 4 },
  },
}));

const SWIPE_PX = 40;

export default function Carousel({ label, children }) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const touchStart = useRef(null);
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';

  const show = (next) => setIndex((next + count) % count);
  const onTouchStart = (event) => {
    touchStart.current = event.touches[0].clientX;
  };
  const onTouchEnd = (event) => {
    if (touchStart.current === null) return;
    const moved = event.changedTouches[0].clientX - touchStart.current;
    touchStart.current = null;
    if (Math.abs(moved) >= SWIPE_PX) show(index + (moved < 0 !== rtl ? 1 : -1));
  };

  return (
    <Wrapper aria-roledescription="carousel" aria-label={label}>
      <div className="viewport" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div className="track" style={{ transform: `translateX(${(rtl ? 100 : -100) * index}%)` }}>
          {slides.map((slide, i) => (
            <div
              key={slide.key ?? i}
              className="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              inert={i !== index}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <IconAction type="button" className="prev" aria-label="Previous slide" onClick={() => show(index - 1)}>
            <ChevronLeft />
          </IconAction>
          <IconAction type="button" className="next" aria-label="Next slide" onClick={() => show(index + 1)}>
            <ChevronRight />
          </IconAction>
          <div className="dots">
            {slides.map((slide, i) => (
              <button
                key={slide.key ?? i}
                type="button"
                aria-label={`Show slide ${i + 1}`}
                aria-current={i === index}
                onClick={() => show(i)}
              />
            ))}
          </div>
        </>
      )}
    </Wrapper>
  );
}
