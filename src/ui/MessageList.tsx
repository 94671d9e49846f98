import { useEffect, useRef } from 'preact/hooks';
import { useStore } from '../state/store';
import { useModel } from './context';
import { Message } from './Message';
import { Suggestions } from './Suggestions';
import { WaitingStatus } from './WaitingStatus';

/** Keys that scroll the focused list (or move focus up through it). */
const SCROLL_KEYS = /^(ArrowUp|ArrowDown|PageUp|PageDown|Home|End| |Tab)$/;

export function MessageList() {
  const model = useModel();
  const { messages, busy } = useStore(model.chat.state);
  const { config, announcement } = useStore(model.session);
  const t = model.t();
  const list = useRef<HTMLDivElement>(null);

  // Follow the reply as it grows, unless the visitor scrolled up to read.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    let pinned = true;
    let lastTop = 0;
    // Only the visitor moving up unpins: content growing (and the browser's scroll anchoring, which
    // moves scrollTop down) between two pins must not read as scrolling away from the end, nor
    // must the browser clamping scrollTop when the list gets taller for a moment as a message is
    // sent, whose scroll event may arrive after the message made the content longer (WebKit,
    // phone-layout 360x640). So a move up unpins only after the visitor scrolled the list
    // themselves: wheel, touch, a scrolling key, a press on its scrollbar.
    let visitor = false;
    // A wheel, swipe or key that moves up unpins at once, when there is something above: the next
    // pin would otherwise set scrollTop before the scroll happened, and that cancels a smooth
    // scroll (Firefox: the visitor could not scroll up at all while a reply streamed).
    let touchY = 0;
    const fingerY = (e: Event) => (e as TouchEvent).touches?.[0]?.clientY ?? 0;
    const atEnd = () => el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    const onInput = (e: Event) => {
      // A press on an answer above the end (brought into view by find-in-page or focus, not by
      // scrolling) is the visitor working there: a "Copied" label or a chart must not pull the
      // list away from under them.
      if (e.type === 'pointerdown' && !atEnd()) pinned = false;
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
      if (up && el.scrollTop > 0) pinned = false;
    };
    const onScroll = () => {
      const top = el.scrollTop;
      // Nothing moved since the last pin or scroll: the late scroll event of a pin, after a wheel up
      // unpinned the list and before its smooth scroll moved (Firefox while a reply streams), is
      // no return to the end.
      if (!pinned && top === lastTop) return;
      if (atEnd()) {
        pinned = true;
        visitor = false;
      } else if (top < lastTop && visitor) pinned = false;
      lastTop = top;
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
        pinNow();
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
    return () => {
      cancelAnimationFrame(frame);
      follow.disconnect();
      resize.disconnect();
      el.removeEventListener('scroll', onScroll);
      for (const type of inputs) el.removeEventListener(type, onInput);
    };
  }, []);

  return (
    <>
      <div
        ref={list}
        class="messages"
        part="message-list"
        role="region"
        aria-label={t.messagesLabel}
        aria-busy={busy !== 'idle'}
        tabIndex={0}
      >
        <p class="welcome">{config?.welcome || t.welcome}</p>
        {config?.read_only && <p class="welcome">{t.readOnly}</p>}
        <Suggestions />
        {busy === 'loading' && <p class="status">{t.loading}</p>}
        {messages.map((m) => (
          <Message key={m.id} message={m} />
        ))}
        <WaitingStatus />
      </div>
      <div class="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </>
  );
}
