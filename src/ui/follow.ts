// The message list's scrolling (docs/architecture.md, "Long conversations"): it follows a reply as
// it grows until the visitor scrolls up to read; then what they read stays where it is while
// messages are added or dropped above it, and the window of rendered messages (./window.ts) grows
// towards the end they scroll to.
import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/** Keys that scroll the focused list (or move focus up through it). */
const SCROLL_KEYS = /^(ArrowUp|ArrowDown|PageUp|PageDown|Home|End| |Tab)$/;

export interface FollowHooks {
  /** The visitor came within a screen of the rendered top: render older messages, if any. */
  nearTop(): void;
  /** The visitor came within a screen of the rendered end: render newer messages, if any. */
  nearEnd(): void;
  /** Newer messages exist that are not rendered: the end of the list is not the conversation's end. */
  cut(): boolean;
}

export interface Follow {
  /** The visitor scrolled away from the end (the jump-to-latest control shows). */
  away: boolean;
  /** Follow the end again (jump-to-latest): the caller renders the latest messages first. */
  resume(later?: boolean): void;
  /** Stop following: the visitor asked for older messages, and what they read must stay. */
  hold(): void;
  /** Call after the rendered window changed: what the visitor reads stays where it was. */
  settle(): void;
}

export function useFollow(list: RefObject<HTMLDivElement | null>, hooks: FollowHooks): Follow {
  const [away, setAway] = useState(false);
  const api = useRef<Omit<Follow, 'away'>>({ resume: () => undefined, hold: () => undefined, settle: () => undefined });
  // The latest render's: they read the window as it is now.
  const given = useRef(hooks);
  given.current = hooks;

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    let pinned = true;
    let lastTop = 0;
    // Only the visitor moving up unpins: content growing between two pins must not read as scrolling
    // away from the end, nor must the browser clamping scrollTop when the list gets taller for a
    // moment as a message is sent, whose scroll event may arrive after the message made the content
    // longer (WebKit, phone-layout 360x640). So a move up unpins only after the visitor scrolled the
    // list themselves: wheel, touch, a scrolling key, a press on its scrollbar.
    let visitor = false;
    // A wheel, swipe or key that moves up unpins at once, when there is something above: the next
    // pin would otherwise set scrollTop before the scroll happened, and that cancels a smooth
    // scroll (Firefox: the visitor could not scroll up at all while a reply streamed).
    let touchY = 0;
    const fingerY = (e: Event) => (e as TouchEvent).touches?.[0]?.clientY ?? 0;
    const atEnd = () => el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    const setPinned = (value: boolean) => {
      pinned = value;
      setAway(!value);
      if (value) anchor = null;
    };

    // What the visitor reads while unpinned: the first message reaching into view, and its offset
    // from the list's top. Messages rendered or dropped above it, or growing there (a long stored
    // reply renders over frames), must not move it (the list's CSS turns the browser's own scroll
    // anchoring off: WebKit has none, and two anchorings would fight).
    let anchor: { el: Element; top: number } | null = null;
    const remember = () => {
      if (pinned) return;
      const top = el.getBoundingClientRect().top;
      const first = [...el.querySelectorAll(':scope > .message')].find((m) => m.getBoundingClientRect().bottom > top);
      anchor = first ? { el: first, top: first.getBoundingClientRect().top - top } : null;
    };
    const keep = () => {
      if (pinned || !anchor?.el.isConnected) return;
      const moved = anchor.el.getBoundingClientRect().top - el.getBoundingClientRect().top - anchor.top;
      if (Math.abs(moved) >= 1) el.scrollTop += moved;
      lastTop = el.scrollTop;
    };
    // More messages once the visitor is within a screen of either rendered end, or while what is
    // rendered does not fill two screens (next frame: each batch is its own task).
    let edgeFrame = 0;
    const edges = () => {
      edgeFrame ||= requestAnimationFrame(() => {
        edgeFrame = 0;
        if (el.scrollTop < el.clientHeight) given.current.nearTop();
        else if (!pinned && el.scrollHeight - el.scrollTop - el.clientHeight < el.clientHeight) given.current.nearEnd();
      });
    };

    const onInput = (e: Event) => {
      // A press on an answer above the end (brought into view by find-in-page or focus, not by
      // scrolling) is the visitor working there: a "Copied" label or a chart must not pull the
      // list away from under them.
      if (e.type === 'pointerdown' && !atEnd()) setPinned(false);
      // A wheel down (at the end, say) is not scrolling up: a clamp after it must not unpin.
      const down = e instanceof WheelEvent && e.deltaY >= 0;
      if (!down && (e instanceof KeyboardEvent ? SCROLL_KEYS.test(e.key) : e.type !== 'pointerdown' || e.target === el))
        visitor = true;
      if (e.type === 'touchstart') touchY = fingerY(e);
      const up =
        e instanceof WheelEvent
          ? e.deltaY < 0
          : e instanceof KeyboardEvent
            ? /^(ArrowUp|PageUp|Home)$/.test(e.key)
            : e.type === 'touchmove' && fingerY(e) > touchY;
      if (up && el.scrollTop > 0) setPinned(false);
    };
    const onScroll = () => {
      const top = el.scrollTop;
      // Nothing moved since the last pin or scroll: the late scroll event of a pin, after a wheel up
      // unpinned the list and before its smooth scroll moved (Firefox while a reply streams), is
      // no return to the end.
      if (!pinned && top === lastTop) return;
      if (atEnd() && !given.current.cut()) {
        if (!pinned) setPinned(true);
        visitor = false;
      } else if (top < lastTop && visitor && pinned) setPinned(false);
      lastTop = top;
      remember();
      edges();
    };
    const inputs = ['wheel', 'touchstart', 'touchmove', 'keydown', 'pointerdown'] as const;
    // At most once a frame: reading scrollHeight forces a layout, and a streaming reply mutates
    // the list many times a frame (a long table's layout alone can take a long task).
    let frame = 0;
    const pinNow = () => {
      if (!pinned) return;
      el.scrollTop = el.scrollHeight;
      lastTop = el.scrollTop;
    };
    const pin = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        if (pinned) return pinNow();
        keep();
        remember();
      });
    };
    const follow = new MutationObserver(pin);
    follow.observe(el, { childList: true, subtree: true, characterData: true });
    // The list shrinks when a phone's keyboard opens: keep the newest lines in view. At once, not
    // in the next frame: the shrink can fire a scroll event first, which would read as the visitor
    // scrolling up and unpin the list.
    const resize = new ResizeObserver(pinNow);
    resize.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    for (const type of inputs) el.addEventListener(type, onInput, { passive: true });
    api.current = {
      resume(later) {
        setPinned(true);
        visitor = false;
        // `later`: in the coming frame, before its paint, with the frame's one layout (not a layout
        // forced now, in the middle of the press that renders the messages).
        if (later) pin();
        else pinNow();
      },
      hold() {
        if (pinned) setPinned(false);
        remember();
      },
      settle() {
        // Pinned: in the coming frame too (a message added by the visitor's press lays out once).
        if (pinned) pin();
        else {
          keep();
          remember();
        }
        edges();
      },
    };
    return () => {
      cancelAnimationFrame(frame);
      cancelAnimationFrame(edgeFrame);
      follow.disconnect();
      resize.disconnect();
      el.removeEventListener('scroll', onScroll);
      for (const type of inputs) el.removeEventListener(type, onInput);
    };
  }, []);

  return {
    away,
    resume: (later?: boolean) => api.current.resume(later),
    hold: () => api.current.hold(),
    settle: () => api.current.settle(),
  };
}
