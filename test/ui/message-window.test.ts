// The message list's window of rendered messages (src/ui/window.ts, docs/architecture.md "Long
// conversations"): the latest first, batches towards either end, never more than MAX.
import { describe, expect, it } from 'vitest';
import { current, FIRST, latest, MAX, newer, older, STEP } from '../../src/ui/window';

describe('the window of rendered messages', () => {
  it('a conversation opens at its latest messages, and follows the end as messages come', () => {
    const span = latest('m1', 1_600);
    expect(current(span, 'm1', 1_600)).toEqual({ from: 1_600 - FIRST, to: 1_600 });
    expect(current(span, 'm1', 1_602)).toEqual({ from: 1_600 - FIRST, to: 1_602 });
    // Another conversation (its first message differs) opens at its own latest messages.
    expect(current(span, 'other', 30)).toEqual({ from: 30 - FIRST, to: 30 });
  });

  it('older batches come above; past MAX the newest are dropped, and come back below', () => {
    let span = latest('m1', 1_600);
    for (let i = 0; i < 30; i++) span = older(span, 1_600);
    const up = current(span, 'm1', 1_600);
    expect(up.to - up.from).toBe(MAX);
    expect(up.from).toBe(1_600 - FIRST - 30 * STEP);
    expect(span.to).not.toBeNull();
    span = newer(span, 1_600);
    expect(current(span, 'm1', 1_600)).toEqual({ from: up.from + STEP, to: up.to + STEP });
    while (span.to !== null) span = newer(span, 1_600);
    expect(current(span, 'm1', 1_600).to).toBe(1_600);
  });

  it('a long live conversation keeps at most MAX messages while following its end', () => {
    const span = { ...latest('m1', 2), from: 0 };
    expect(current(span, 'm1', 1_000)).toEqual({ from: 1_000 - MAX, to: 1_000 });
  });

  it('the first message reached: no further batch', () => {
    let span = latest('m1', 25);
    for (let i = 0; i < 5; i++) span = older(span, 25);
    expect(current(span, 'm1', 25)).toEqual({ from: 0, to: 25 });
  });
});
