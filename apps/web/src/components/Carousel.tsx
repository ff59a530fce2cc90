import {
  Children,
  isValidElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { ActionIcon } from '@mantine/core';
import { useIsomorphicEffect, useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import classes from './Carousel.module.css';

export interface CarouselLabels {
  previous: string;
  next: string;
  /** The dot of a position, e.g. 'Go to slide 2'; the dots are shown only with it. */
  goTo?: (index: number) => string;
  /** The rotation button's labels, needed with `autoplay`. */
  pause?: string;
  play?: string;
}

interface CarouselProps {
  /** The carousel's name, or the id of a heading that names it. */
  label?: string;
  labelledBy?: string;
  /** Every slide's name, e.g. 'Slide 1 of 2' or the card's title. */
  slideLabel: (index: number, total: number) => string;
  labels: CarouselLabels;
  /** The slides, one element each. */
  children: ReactNode;
  /** After the last comes the first (and before the first, the last). */
  loop?: boolean;
  /** Advance on its own every so many ms, with a pause button; never for people who ask for reduced motion. */
  autoplay?: number;
  /** How long a move takes, in ms; without it the browser's own smooth scroll. */
  duration?: number;
  /**
   * Puts the arrows into a header above the slides (e.g. beside a title) instead of over them at both
   * sides: receives the arrows and returns the header.
   */
  header?: (arrows: ReactNode) => ReactNode;
  className?: string;
  /** The scrolling row: sets --carousel-per-view (slides in view, 1 by default) and --carousel-gap. */
  viewportClassName?: string;
}

type Move = 'previous' | 'next' | number;

/** The physical distance (px) to scroll so that the slide starts at the viewport's inline start edge. */
function offsetOf(viewport: HTMLElement, slide: Element): number {
  const style = getComputedStyle(viewport);
  const box = viewport.getBoundingClientRect();
  const rect = slide.getBoundingClientRect();
  return style.direction === 'rtl'
    ? rect.right - (box.right - (parseFloat(style.paddingRight) || 0))
    : rect.left - (box.left + (parseFloat(style.paddingLeft) || 0));
}

/** The slide nearest to the start edge: the carousel's position after a swipe. */
function nearestIndex(viewport: HTMLElement): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  Array.from(viewport.children).forEach((slide, index) => {
    const distance = Math.abs(offsetOf(viewport, slide));
    if (distance < bestDistance - 0.5) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** How many slides fit side by side (1 without layout, e.g. in tests). */
function slidesInView(viewport: HTMLElement): number {
  const slide = viewport.firstElementChild as HTMLElement | null;
  if (!slide || slide.offsetWidth === 0) return 1;
  const style = getComputedStyle(viewport);
  const gap = parseFloat(style.columnGap) || 0;
  const width = viewport.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
  return Math.max(1, Math.round((width + gap) / (slide.offsetWidth + gap)));
}

function matchesFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // a DOM without :focus-visible
  }
}

/**
 * A carousel on native horizontal scrolling with CSS scroll snap: swipe on phones, arrows (and dots)
 * that scroll smoothly, optional autoplay that wraps around, right-to-left aware. Slides out of view
 * are `inert`: neither tab stops nor read out. The first render is the same on the server, with the
 * first slide in view; measuring (slides per view, which are out of view) happens in effects.
 */
export function Carousel({
  label,
  labelledBy,
  slideLabel,
  labels,
  children,
  loop = false,
  autoplay,
  duration,
  header,
  className,
  viewportClassName,
}: CarouselProps) {
  const slides = Children.toArray(children).filter(isValidElement);
  const count = slides.length;
  const viewportRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // Unknown until measured: the server's markup (and so the first render) has no inert slide.
  const [perView, setPerView] = useState<number | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [chosenPlaying, setChosenPlaying] = useState<boolean | null>(null);
  const reduceMotion = useReducedMotion();

  const lastIndex = Math.max(0, count - (perView ?? 1));
  const playing = !!autoplay && count > 1 && (chosenPlaying ?? !reduceMotion);
  const rotating = playing && !hovered && !focused;

  // Kept in a ref for the scroll handlers and timers, which outlive a render.
  const state = useRef({ index, lastIndex, loop, reduceMotion, duration });
  useIsomorphicEffect(() => {
    state.current = { index, lastIndex, loop, reduceMotion, duration };
  });
  /** The position a move is heading for, while its scroll runs; a swipe's position is read when it stops. */
  const pending = useRef<number | null>(null);
  const animation = useRef<{ frame: number; stop: () => void } | null>(null);
  const settleTimer = useRef<number | undefined>(undefined);

  const stopAnimation = useCallback(() => {
    const running = animation.current;
    if (!running) return;
    animation.current = null;
    cancelAnimationFrame(running.frame);
    running.stop();
  }, []);

  const settle = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport || animation.current) return;
    pending.current = null;
    setIndex(Math.min(nearestIndex(viewport), state.current.lastIndex));
  }, []);

  const scrollToIndex = useCallback(
    (target: number) => {
      const viewport = viewportRef.current;
      const slide = viewport?.children[target];
      if (!viewport || !slide) return;
      stopAnimation();
      const distance = offsetOf(viewport, slide);
      if (Math.abs(distance) < 0.5) {
        pending.current = null; // already there
        return;
      }
      const { reduceMotion: still, duration: ms } = state.current;
      const from = viewport.scrollLeft;
      const to = from + distance;
      if (still || !ms) {
        viewport.scrollTo({ left: to, behavior: still ? 'instant' : 'smooth' });
        return;
      }
      // A timed move: snapping is off meanwhile, or the browser would snap every frame back.
      viewport.dataset.moving = '';
      const start = performance.now();
      const stop = () => {
        delete viewport.dataset.moving;
      };
      const step = (now: number) => {
        const progress = Math.min(1, (now - start) / ms);
        const eased = 1 - (1 - progress) ** 3;
        viewport.scrollLeft = from + (to - from) * eased;
        if (progress < 1) {
          animation.current = { frame: requestAnimationFrame(step), stop };
        } else {
          animation.current = null;
          stop();
          settle();
        }
      };
      animation.current = { frame: requestAnimationFrame(step), stop };
    },
    [settle, stopAnimation],
  );

  const move = useCallback(
    (to: Move) => {
      const { index: current, lastIndex: last, loop: wraps } = state.current;
      let target = to === 'next' ? current + 1 : to === 'previous' ? current - 1 : to;
      if (wraps) target = target > last ? 0 : target < 0 ? last : target;
      target = Math.max(0, Math.min(last, target));
      if (target === current && pending.current === null) return;
      pending.current = target;
      state.current.index = target;
      setIndex(target);
      scrollToIndex(target);
    },
    [scrollToIndex],
  );

  // Measure once laid out and again on every resize, before the browser paints.
  useIsomorphicEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const measure = () => {
      const fit = slidesInView(viewport);
      setPerView(fit);
      // Also where the browser put it, e.g. a scroll position restored on going back.
      if (pending.current === null && !animation.current) setIndex(Math.min(nearestIndex(viewport), Math.max(0, count - fit)));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [count]);

  // A swipe or a finished smooth scroll: read the position once the scrolling stops.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onScroll = () => {
      window.clearTimeout(settleTimer.current);
      settleTimer.current = window.setTimeout(settle, 120);
    };
    // Touching or wheeling during a timed move hands the scrolling back to the person.
    const interrupt = () => {
      if (!animation.current) return;
      stopAnimation();
      onScroll();
    };
    viewport.addEventListener('scroll', onScroll, { passive: true });
    viewport.addEventListener('wheel', interrupt, { passive: true });
    viewport.addEventListener('pointerdown', interrupt);
    viewport.addEventListener('touchstart', interrupt, { passive: true });
    return () => {
      viewport.removeEventListener('scroll', onScroll);
      viewport.removeEventListener('wheel', interrupt);
      viewport.removeEventListener('pointerdown', interrupt);
      viewport.removeEventListener('touchstart', interrupt);
      window.clearTimeout(settleTimer.current);
      stopAnimation();
    };
  }, [settle, stopAnimation]);

  // Autoplay: the next slide after `autoplay` ms on the same slide; any move starts the wait again.
  useEffect(() => {
    if (!rotating || !autoplay) return;
    const timer = window.setTimeout(() => move(state.current.index >= state.current.lastIndex ? 0 : 'next'), autoplay);
    return () => window.clearTimeout(timer);
  }, [rotating, autoplay, index, move]);

  // Hovering with a mouse pauses (a tap's pointerenter has no matching leave); so does keyboard focus inside.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setHovered(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setHovered(false);
  };
  const onFocus = (event: FocusEvent) => {
    if (matchesFocusVisible(event.target)) setFocused(true);
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const atStart = !loop && index <= 0;
  const atEnd = !loop && index >= lastIndex;
  const overlay = !header;
  const arrows = (
    <>
      <ActionIcon
        variant={overlay ? 'white' : 'default'}
        size={overlay ? 40 : 'lg'}
        radius="xl"
        className={overlay ? `${classes.control} ${classes.previous}` : undefined}
        aria-label={labels.previous}
        // Focusable at the ends: a disabled button would drop the keyboard focus.
        aria-disabled={atStart || undefined}
        data-disabled={atStart || undefined}
        onClick={() => move('previous')}
      >
        <IconChevronLeft size={18} aria-hidden className="rtl-flip" />
      </ActionIcon>
      <ActionIcon
        variant={overlay ? 'white' : 'default'}
        size={overlay ? 40 : 'lg'}
        radius="xl"
        className={overlay ? `${classes.control} ${classes.next}` : undefined}
        aria-label={labels.next}
        aria-disabled={atEnd || undefined}
        data-disabled={atEnd || undefined}
        onClick={() => move('next')}
      >
        <IconChevronRight size={18} aria-hidden className="rtl-flip" />
      </ActionIcon>
    </>
  );
  const goTo = labels.goTo;
  const positions = lastIndex + 1;

  return (
    <section
      className={`${classes.root}${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      aria-labelledby={labelledBy}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {header ? header(<div className={classes.arrows}>{arrows}</div>) : null}
      {autoplay && count > 1 ? (
        <ActionIcon
          className={classes.rotation}
          variant="white"
          radius="xl"
          size="lg"
          onClick={() => {
            setChosenPlaying(!playing);
            setFocused(false); // pressing Play with the keyboard starts it, though the focus stays inside
          }}
          aria-label={playing ? labels.pause : labels.play}
        >
          {playing ? <IconPlayerPauseFilled size={16} aria-hidden /> : <IconPlayerPlayFilled size={16} aria-hidden />}
        </ActionIcon>
      ) : null}
      <div
        ref={viewportRef}
        className={`${classes.viewport}${viewportClassName ? ` ${viewportClassName}` : ''}`}
        // Screen readers hear a slide moved by hand, not every turn of the autoplay.
        aria-live={rotating ? 'off' : 'polite'}
      >
        {slides.map((slide, slideIndex) => {
          const outOfView = perView !== null && (slideIndex < index || slideIndex >= index + perView);
          return (
            <div
              key={slide.key ?? slideIndex}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(slideIndex, count)}
              inert={outOfView}
            >
              {slide}
            </div>
          );
        })}
      </div>
      {overlay && count > 1 ? arrows : null}
      {goTo && positions > 1 ? (
        <div className={classes.dots}>
          {Array.from({ length: positions }, (_, position) => (
            <button
              key={position}
              type="button"
              className={classes.dot}
              aria-label={goTo(position)}
              aria-current={position === index || undefined}
              onClick={() => move(position)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

