// QA page: the real built widget (dist/widget.js) against the mock service running in a service worker.
import { startMockWorker } from '../mock/browser';
import { DEMO_PUBLIC_ID, mintToken } from '../mock/jwt';
import { SCENARIOS, isScenarioName } from '../mock/scenarios';
import type { MockSettings } from '../mock/types';
import type { InitOptions, Locale, Theme, WidgetEvent, WidgetInstance } from '../src/types';

const form = document.querySelector<HTMLFormElement>('#controls')!;
const statusLine = document.querySelector<HTMLElement>('#status')!;
const eventLog = document.querySelector<HTMLOListElement>('#event-log')!;
const scenarioSelect = form.elements.namedItem('scenario') as HTMLSelectElement;

for (const { name, label } of SCENARIOS) scenarioSelect.add(new Option(`${name}: ${label}`, name));

const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value;
const checked = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).checked;

const { mock } = await startMockWorker();
const suggestions = mock.settings.suggestions;
// For poking at the mock from the console: demoMock.setScenario('cut'), demoMock.requests, …
Object.assign(window, { demoMock: mock });

let instance: WidgetInstance | undefined;
let mountedMode: string | undefined;
/** Set by "static expired token"; otherwise every request gets a fresh token from getAuthToken. */
let staticToken: string | undefined;

function applyMockControls(): void {
  const scenario = value('scenario');
  if (isScenarioName(scenario)) mock.setScenario(scenario);
  // A new mock switch is one `<input type="checkbox" name="<setting>" data-mock-setting>` in index.html.
  const settings: Partial<Record<keyof MockSettings, boolean>> = {};
  for (const box of form.querySelectorAll<HTMLInputElement>('input[data-mock-setting]')) {
    settings[box.name as keyof MockSettings] = box.checked;
  }
  // Starter suggestions are a list, not a flag: the switch sends the mock's default list or none.
  mock.setSettings({ ...(settings as Partial<MockSettings>), suggestions: checked('suggestions') ? suggestions : undefined });
}

function options(): InitOptions {
  const locale = value('locale');
  const visitor = value('visitor');
  return {
    publicId: DEMO_PUBLIC_ID,
    baseUrl: location.origin,
    theme: value('theme') as Theme,
    // Unset unless asked for, so QA sees the widget's default accent.
    ...(checked('setPrimaryColor') ? { primaryColor: value('primaryColor') } : {}),
    voice: checked('voice'),
    ...(locale ? { locale: locale as Locale } : {}),
    ...(value('mode') === 'inline' ? { container: '#inline-target' } : {}),
    ...(staticToken
      ? { authToken: staticToken }
      : { getAuthToken: () => mintToken({ sub: visitor, ttlSeconds: 15 * 60 }) }),
    onEvent: logEvent,
  };
}

function mount(): void {
  if (!('ServiceWidget' in window)) {
    statusLine.textContent = 'dist/widget.js did not load: run `npm run demo` (it builds the widget first).';
    return;
  }
  const mode = value('mode');
  document.body.dataset.mode = mode; // demo.css shows the inline container or the floating hint
  // init on the same target replaces the old widget by itself; a different target needs destroy().
  if (instance && mountedMode !== mode) instance.destroy();
  try {
    instance = window.ServiceWidget.init(options());
    mountedMode = mode;
    const token = staticToken ? 'static expired token' : 'getAuthToken';
    const parts = [`Widget ${window.ServiceWidget.version}`, mode, value('visitor'), `scenario ${mock.scenario}`, token];
    statusLine.textContent = parts.join(' · ');
  } catch (error) {
    statusLine.textContent = `init threw: ${String(error)}`;
  }
}

let eventCount = 0;

function logEvent(event: WidgetEvent): void {
  const { type, ...rest } = event;
  const item = document.createElement('li');
  const seq = document.createElement('span');
  seq.className = 'seq';
  seq.textContent = String(++eventCount);
  const details = Object.keys(rest).length > 0 ? `  ${JSON.stringify(rest)}` : '';
  item.append(seq, `${new Date().toLocaleTimeString()}  ${type}${details}`);
  eventLog.prepend(item);
  while (eventLog.children.length > 60) eventLog.lastElementChild?.remove();
}

form.addEventListener('change', (event) => {
  // Picking a colour means "use it".
  if ((event.target as HTMLInputElement).name === 'primaryColor') {
    (form.elements.namedItem('setPrimaryColor') as HTMLInputElement).checked = true;
  }
  applyMockControls();
  mount();
});

form.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
  if (button) void act(button.dataset.action ?? '');
});

async function act(action: string): Promise<void> {
  switch (action) {
    case 'expired-token': {
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      staticToken = await mintToken({ sub: value('visitor'), iat: hourAgo, ttlSeconds: 15 * 60 });
      return mount();
    }
    case 'fresh-tokens':
      staticToken = undefined;
      return mount();
    case 'reset-mock':
      mock.reset();
      applyMockControls();
      return mount();
    case 'init':
      return mount();
    case 'destroy':
      instance?.destroy();
      instance = undefined;
      statusLine.textContent = 'Destroyed.';
      return;
    case 'setTheme':
      return instance?.setTheme(value('theme') as Theme);
    case 'setLocale':
      return instance?.setLocale((value('locale') || 'en') as Locale);
    case 'open':
    case 'close':
    case 'toggle':
    case 'newConversation':
      return instance?.[action]();
  }
}

applyMockControls();
mount();
