import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { mountWidget } from '../helpers/widget';

afterEach(() => {
  document.body.innerHTML = '';
});

/**
 * The message list with a layout of our choosing (happy-dom lays nothing out): content and box
 * heights set by the test, scrollTop clamped to them as a browser clamps it.
 */
async function listWithLayout() {
  const w = await mountWidget();
  const el = await w.findPart('message-list');
  // /config's answer (welcome, suggestions) renders into the list: before the test's own layout.
  await w.findPart('suggestion');
  const layout = { content: 501, box: 501, top: 0 };
  const max = () => Math.max(0, layout.content - layout.box);
  Object.defineProperties(el, {
    scrollHeight: { get: () => layout.content },
    clientHeight: { get: () => layout.box },
    scrollTop: {
      get: () => Math.min(layout.top, max()),
      set: (v: number) => {
        layout.top = Math.max(0, Math.min(v, max()));
      },
    },
  });
  /** New content (as a reply's text arriving) and the frame that follows it. */
  const grow = async (by: number) => {
    layout.content += by;
    el.append(document.createElement('span'));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  };
  const scroll = () => fireEvent.scroll(el);
  /**
   * While a message is sent the list is 11 px taller for a moment (box 501 → 512 → 501): the
   * browser clamps scrollTop 11 px below the end, and that scroll event comes only after the next
   * message made the content 50 px longer, so the list looks 61 px above its end.
   */
  const clampDuringSend = () => {
    layout.box = 512;
    layout.top = el.scrollTop;
    layout.box = 501;
    layout.content += 50;
    scroll();
  };
  return { el, grow, scroll, clampDuringSend };
}

describe('the message list follows the conversation', () => {
  it('stays at the end when the browser clamps scrollTop and the scroll event arrives after the content grew', async () => {
    const { el, grow, clampDuringSend } = await listWithLayout();
    await grow(120);
    expect(el.scrollTop).toBe(120); // at the end
    clampDuringSend(); // scrollTop clamped to 109, the content 50 px longer before the scroll event
    await grow(443);
    expect(el.scrollHeight - el.scrollTop - el.clientHeight).toBe(0);
  });

  it('a press on an answer above the end (reached without scrolling, as by find-in-page) stops the following', async () => {
    const { el, grow, scroll } = await listWithLayout();
    await grow(600);
    el.scrollTop = 200; // find-in-page: no wheel, key or touch
    scroll();
    const answer = document.createElement('button');
    el.append(answer);
    fireEvent.pointerDown(answer);
    await grow(100); // the button's "Copied", a chart drawn
    expect(el.scrollTop).toBe(200);
  });

  it('the visitor scrolling up with the wheel, a key or the scrollbar stops the following; back at the end it follows again', async () => {
    const { el, grow, scroll } = await listWithLayout();
    await grow(600);
    expect(el.scrollTop).toBe(600);

    fireEvent.wheel(el, { deltaY: -100 });
    el.scrollTop = 500;
    scroll();
    await grow(200);
    expect(el.scrollTop).toBe(500);

    el.scrollTop = 800; // back at the end
    scroll();
    await grow(100);
    expect(el.scrollTop).toBe(900);

    fireEvent.keyDown(el, { key: 'PageUp' });
    el.scrollTop = 400;
    scroll();
    await grow(100);
    expect(el.scrollTop).toBe(400);

    el.scrollTop = 1000;
    scroll();
    fireEvent.pointerDown(el); // the scrollbar: a press on the list itself
    el.scrollTop = 300;
    scroll();
    await grow(100);
    expect(el.scrollTop).toBe(300);
  });

  it('a wheel up stops the following before its scroll event: the next frame does not pull the list back (Firefox)', async () => {
    const { el, grow } = await listWithLayout();
    await grow(600);
    expect(el.scrollTop).toBe(600);
    // The browser's smooth scroll has not moved yet when the reply's next text arrives.
    fireEvent.wheel(el, { deltaY: -100 });
    await grow(200);
    expect(el.scrollTop).toBe(600);
  });

  it('a wheel up stays stopped when the scroll event of the last pin comes after it, still at the end (Firefox while a reply streams)', async () => {
    const { el, grow, scroll } = await listWithLayout();
    await grow(600);
    expect(el.scrollTop).toBe(600);
    fireEvent.wheel(el, { deltaY: -100 });
    scroll(); // the scroll event of the pin before the wheel: the smooth scroll has not moved yet
    el.scrollTop = 500; // the wheel's smooth scroll
    scroll();
    await grow(200);
    expect(el.scrollTop).toBe(500);
  });

  it('a wheel down at the end, or a wheel up with nothing above, keeps it following', async () => {
    const { el, grow } = await listWithLayout();
    fireEvent.wheel(el, { deltaY: -100 }); // nothing to scroll to yet
    await grow(300);
    expect(el.scrollTop).toBe(300);
    fireEvent.wheel(el, { deltaY: 100 });
    await grow(100);
    expect(el.scrollTop).toBe(400);
  });

  it('a wheel down at the end is not scrolling up: a clamp after it keeps the following', async () => {
    const { el, grow, clampDuringSend } = await listWithLayout();
    await grow(120);
    fireEvent.wheel(el, { deltaY: 100 });
    clampDuringSend();
    await grow(100);
    expect(el.scrollHeight - el.scrollTop - el.clientHeight).toBe(0);
  });

  it('a press on something inside the list (a suggestion, a link) is not scrolling', async () => {
    const { el, grow, clampDuringSend } = await listWithLayout();
    await grow(120);
    fireEvent.pointerDown(el.firstElementChild!);
    clampDuringSend();
    await grow(100);
    await waitFor(() => expect(el.scrollHeight - el.scrollTop - el.clientHeight).toBe(0));
  });
});
