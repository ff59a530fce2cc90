import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedMediaQueryList } from '@/test/media-query';
import { renderWithProviders } from '@/test/render';
import { Carousel } from './Carousel';

const LABELS = {
  previous: 'Previous slide',
  next: 'Next slide',
  goTo: (index: number) => `Go to slide ${index + 1}`,
  pause: 'Pause',
  play: 'Play',
};

function renderCarousel(props: { loop?: boolean; autoplay?: number; duration?: number; count?: number } = {}) {
  const { count = 3, ...rest } = props;
  const result = renderWithProviders(
    <Carousel label="Featured" slideLabel={(index, total) => `Slide ${index + 1} of ${total}`} labels={LABELS} {...rest}>
      {Array.from({ length: count }, (_, index) => (
        <a key={index} href={`/s/${index + 1}`}>
          Link {index + 1}
        </a>
      ))}
    </Carousel>,
  );
  const region = screen.getByRole('region', { name: 'Featured' });
  return { ...result, region };
}

function slides(): HTMLElement[] {
  return screen.getAllByRole('group', { name: /^Slide \d of \d$/ });
}

/** The one slide in view (jsdom has no layout: one per view), by its position. */
function current(): number {
  const inView = slides().flatMap((slide, index) => (slide.hasAttribute('inert') ? [] : [index]));
  expect(inView).toHaveLength(1);
  const dot = screen.getAllByRole('button', { name: /^Go to slide/ }).findIndex((d) => d.getAttribute('aria-current') === 'true');
  expect(dot).toBe(inView[0]);
  return inView[0]!;
}

function next() {
  fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
}

function previous() {
  fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
}

/** Media queries: only `matching` matches. */
function mockMatchMedia(matching: string) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fixedMediaQueryList(query, query === matching));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Carousel', () => {
  it('is a named carousel region of named slides, the first in view and the others inert', () => {
    const { region } = renderCarousel();
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(slides()).toHaveLength(3);
    for (const slide of slides()) expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    expect(slides().map((slide) => slide.getAttribute('aria-label'))).toEqual(['Slide 1 of 3', 'Slide 2 of 3', 'Slide 3 of 3']);
    expect(current()).toBe(0);
    expect(within(slides()[1]!).getByRole('link', { name: 'Link 2' }).closest('[inert]')).toBe(slides()[1]);
    // arrows and dots are buttons
    expect(within(region).getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(3);
    expect(within(region).getByRole('button', { name: 'Next slide' })).toHaveAttribute('type', 'button');
  });

  it('moves with the arrows and wraps around with loop', () => {
    renderCarousel({ loop: true });
    next();
    expect(current()).toBe(1);
    next();
    expect(current()).toBe(2);
    next();
    expect(current()).toBe(0); // after the last, the first
    previous();
    expect(current()).toBe(2); // before the first, the last
    previous();
    expect(current()).toBe(1);
  });

  it('moves to the chosen dot', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(current()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 1' }));
    expect(current()).toBe(0);
  });

  it('without loop stops at both ends, its arrows marked disabled there but still focusable', () => {
    renderCarousel();
    const back = screen.getByRole('button', { name: 'Previous slide' });
    const forward = screen.getByRole('button', { name: 'Next slide' });
    expect(back).toHaveAttribute('aria-disabled', 'true');
    expect(back).not.toBeDisabled();
    previous();
    expect(current()).toBe(0);
    next();
    next();
    expect(current()).toBe(2);
    expect(forward).toHaveAttribute('aria-disabled', 'true');
    expect(back).not.toHaveAttribute('aria-disabled');
    next();
    expect(current()).toBe(2);
  });

  it('autoplay advances every interval and wraps around; pause stops it and play starts it again', () => {
    vi.useFakeTimers();
    renderCarousel({ loop: true, autoplay: 5000 });
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4900));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(100));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(0); // wrapped

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
    // moving by hand still works while paused
    next();
    expect(current()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(2);
  });

  it('a move by hand starts the autoplay wait again', () => {
    vi.useFakeTimers();
    renderCarousel({ loop: true, autoplay: 5000 });
    act(() => vi.advanceTimersByTime(4000));
    next();
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(current()).toBe(2);
  });

  it('pauses while a mouse hovers it, not after a tap', () => {
    // jsdom has no PointerEvent: a mouse event that knows its pointer type
    class PointerEventStub extends MouseEvent {
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerType = init.pointerType ?? '';
      }
    }
    vi.stubGlobal('PointerEvent', PointerEventStub);
    vi.useFakeTimers();
    const { region } = renderCarousel({ loop: true, autoplay: 5000 });
    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(12_000));
    expect(current()).toBe(0);
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(1);
    fireEvent.pointerEnter(region, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(2);
  });

  it('pauses while the keyboard focus is inside, and plays again once it leaves', () => {
    vi.useFakeTimers();
    renderWithProviders(<button type="button">Outside</button>);
    renderCarousel({ loop: true, autoplay: 5000 });
    act(() => screen.getByRole('link', { name: 'Link 1' }).focus());
    act(() => vi.advanceTimersByTime(12_000));
    expect(current()).toBe(0);
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(1);
  });

  it('does not play for people who ask for reduced motion, who can still move it or start it', () => {
    mockMatchMedia('(prefers-reduced-motion: reduce)');
    vi.useFakeTimers();
    renderCarousel({ loop: true, autoplay: 5000 });
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
    next();
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play' })); // their explicit choice
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(2);
  });

  it('without autoplay has no pause button', () => {
    renderCarousel();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
  });

  describe('scrolling (a laid-out row 300 px wide of 100 px slides)', () => {
    /** Fakes the layout: slide i starts i * 100 px after the row's start edge, the left or the right. */
    function layOut(direction: 'ltr' | 'rtl') {
      const viewport = slides()[0]!.parentElement!;
      viewport.style.direction = direction;
      let scrollLeft = 0;
      Object.defineProperty(viewport, 'scrollLeft', {
        configurable: true,
        get: () => scrollLeft,
        set: (value: number) => {
          scrollLeft = value;
        },
      });
      const scrollTo = vi.fn((options: ScrollToOptions) => {
        scrollLeft = options.left ?? scrollLeft;
      });
      viewport.scrollTo = scrollTo as unknown as typeof viewport.scrollTo;
      viewport.getBoundingClientRect = () => new DOMRect(0, 0, 300, 200);
      slides().forEach((slide, index) => {
        slide.getBoundingClientRect = () =>
          direction === 'ltr'
            ? new DOMRect(index * 100 - scrollLeft, 0, 100, 200)
            : new DOMRect(300 - (index + 1) * 100 - scrollLeft, 0, 100, 200);
      });
      return { viewport, scrollTo, scrollLeft: () => scrollLeft };
    }

    it('scrolls smoothly to the slide, towards the right in left-to-right', () => {
      renderCarousel();
      const { scrollTo } = layOut('ltr');
      next();
      expect(scrollTo).toHaveBeenLastCalledWith({ left: 100, behavior: 'smooth' });
      fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
      expect(scrollTo).toHaveBeenLastCalledWith({ left: 200, behavior: 'smooth' });
      previous();
      expect(scrollTo).toHaveBeenLastCalledWith({ left: 100, behavior: 'smooth' });
    });

    it('goes towards the left in right-to-left, where scrollLeft is negative', () => {
      renderCarousel();
      const { scrollTo } = layOut('rtl');
      next();
      expect(scrollTo).toHaveBeenLastCalledWith({ left: -100, behavior: 'smooth' });
      next();
      expect(scrollTo).toHaveBeenLastCalledWith({ left: -200, behavior: 'smooth' });
      expect(current()).toBe(2);
    });

    it('jumps without animation for people who ask for reduced motion', () => {
      mockMatchMedia('(prefers-reduced-motion: reduce)');
      renderCarousel();
      const { scrollTo } = layOut('ltr');
      next();
      expect(scrollTo).toHaveBeenLastCalledWith({ left: 100, behavior: 'instant' });
    });

    it('a timed move takes `duration` ms with snapping off meanwhile', () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
      renderCarousel({ duration: 500 });
      const { viewport, scrollTo, scrollLeft } = layOut('rtl');
      next();
      expect(scrollTo).not.toHaveBeenCalled();
      expect(viewport).toHaveAttribute('data-moving');
      act(() => vi.advanceTimersByTime(250));
      expect(scrollLeft()).toBeLessThan(-50); // eased: more than half way at half time
      expect(scrollLeft()).toBeGreaterThan(-100);
      expect(viewport).toHaveAttribute('data-moving');
      act(() => vi.advanceTimersByTime(300));
      expect(scrollLeft()).toBe(-100);
      expect(viewport).not.toHaveAttribute('data-moving');
      expect(current()).toBe(1);
    });

    it('reads the position after a swipe once the scrolling stops', () => {
      vi.useFakeTimers();
      renderCarousel();
      const { viewport } = layOut('ltr');
      viewport.scrollLeft = 190; // swiped, and left next to the third slide
      fireEvent.scroll(viewport);
      expect(current()).toBe(0);
      act(() => vi.advanceTimersByTime(200));
      expect(current()).toBe(2);
    });
  });
});
