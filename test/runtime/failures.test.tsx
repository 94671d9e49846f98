// A lazy runtime that fails (docs/page-api.md "When a lazy runtime fails"): refused by its
// integrity check, unreachable, or not here after 15 s. The visitor gets a notice, the control
// rests again, and the page an `error` event with a stable code. The loaders are replaced here
// (happy-dom runs no scripts); the real files are refused, missing and stalled in
// test/browser/runtime-failures.test.ts, in every engine.
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/i18n';
import type { WidgetEvent } from '../../src/types';
import { mock, mountWidget } from '../helpers/widget';

const loaders = vi.hoisted(() => ({ chart: vi.fn(), voice: vi.fn() }));
// Below the runtimes' one seam (src/runtime/runtimes.ts), which asks for each file by its URL.
vi.mock('../../src/runtime/load', () => ({
  loadRuntime: (url: string) => (url.endsWith('widget-chart.js') ? loaders.chart() : loaders.voice()),
}));

beforeEach(() => {
  loaders.chart.mockReset().mockRejectedValue(new Error('ServiceWidget: runtime not loaded in time'));
  loaders.voice.mockReset().mockRejectedValue(new Error('ServiceWidget: runtime not loaded'));
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('widget-chart.js fails', () => {
  it.each(['en', 'tr'] as const)(
    'a notice in the UI language (%s), the chart button unpressed, an error event',
    async (locale) => {
      const events: WidgetEvent[] = [];
      mock.setScenario('tables');
      const w = await mountWidget({ locale, onEvent: (e) => events.push(e) });
      await w.send('show me the data');
      await w.settled();
      const button = await w.findPart('chart-button');
      fireEvent.click(button);
      const notice = await w.findNotice('error');
      expect(notice.textContent).toContain(messages(locale).chartFailed);
      expect(button.getAttribute('aria-pressed')).toBe('false');
      expect(w.part('chart')).toBeNull();
      expect(events.filter((e) => e.type === 'error')).toEqual([
        { type: 'error', code: 'chart_unavailable', message: messages(locale).chartFailed },
      ]);
      // Pressed again: tried again (the loader decides whether a new <script> goes out).
      fireEvent.click(button);
      await waitFor(() => expect(loaders.chart).toHaveBeenCalledTimes(2));
    },
  );
});

describe('widget-voice.js fails', () => {
  it('a voice notice with a retry, the microphone back at rest, an error event', async () => {
    const events: WidgetEvent[] = [];
    const w = await mountWidget({ voice: true, onEvent: (e) => events.push(e) });
    const mic = await w.findPart('mic-button');
    let fail!: (e: Error) => void;
    loaders.voice.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    fireEvent.click(mic);
    // While it loads the button shows the turn starting…
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('true'));
    fail(new Error('ServiceWidget: runtime not loaded in time'));
    // …and once the load failed it rests again.
    const notice = await w.findNotice('voice');
    expect(notice.textContent).toContain(messages('en').voiceFailed);
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('false'));
    expect(mic.getAttribute('aria-label')).toBe(messages('en').micStart);
    expect(events.filter((e) => e.type === 'error')).toEqual([
      { type: 'error', code: 'voice_unavailable', message: messages('en').voiceFailed },
    ]);
    fireEvent.click(w.part('retry-button')!);
    await waitFor(() => expect(loaders.voice).toHaveBeenCalledTimes(2));
  });
});
