import { useEffect, useRef } from 'preact/hooks';
import { useStore } from '../state/store';
import { useModel } from './context';
import { Message } from './Message';
import { Suggestions } from './Suggestions';

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
    // must content shrinking: it clamps scrollTop up, and when the content grew again before the
    // scroll event (WebKit, a reply replacing its placeholder) that looked like the visitor
    // scrolling up. So an upward move counts only soon after the visitor's own input in the list
    // (a smooth scroll's events come over several frames, with the pins' own scroll events between).
    let inputAt = -Infinity;
    const onInput = () => void (inputAt = performance.now());
    const onScroll = () => {
      const top = el.scrollTop;
      const byVisitor = performance.now() - inputAt < 1000;
      pinned = el.scrollHeight - top - el.clientHeight < 48 || (pinned && (top >= lastTop || !byVisitor));
      lastTop = top;
    };
    // A wheel, swipe or key that moves up unpins at once: the next pin would otherwise set
    // scrollTop before the scroll happened, which cancels a smooth scroll (Firefox: the visitor
    // could not scroll up while a reply streamed). Only when there is something above to scroll to.
    const up = () => {
      onInput();
      if (el.scrollTop > 0) pinned = false;
    };
    let touchY = 0;
    const inputs: [string, (e: Event) => void][] = [
      ['wheel', (e) => ((e as WheelEvent).deltaY < 0 ? up() : onInput())],
      ['touchstart', (e) => void (touchY = (e as TouchEvent).touches[0]?.clientY ?? 0, onInput())],
      ['touchmove', (e) => (((e as TouchEvent).touches[0]?.clientY ?? 0) > touchY ? up() : onInput())],
      ['keydown', (e) => (/^(ArrowUp|PageUp|Home)$/.test((e as KeyboardEvent).key) ? up() : onInput())],
      ['pointerdown', onInput],
    ];
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
    for (const [type, listener] of inputs) el.addEventListener(type, listener, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      follow.disconnect();
      resize.disconnect();
      el.removeEventListener('scroll', onScroll);
      for (const [type, listener] of inputs) el.removeEventListener(type, listener);
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
      </div>
      <div class="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </>
  );
}
