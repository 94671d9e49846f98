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

// The list shows names (a long label would be clipped in the narrow column); the chosen one's
// description is spelt out under it.
const scenarioHelp = document.querySelector<HTMLElement>('#scenario-help')!;
for (const { name, label } of SCENARIOS) {
  const option = new Option(name, name);
  option.title = label;
  scenarioSelect.add(option);
}
const describeScenario = () => {
  scenarioHelp.textContent = SCENARIOS.find((s) => s.name === scenarioSelect.value)?.label ?? '';
};
scenarioSelect.addEventListener('change', describeScenario);

const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value;
const checked = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).checked;

// The demo's mock lives in this page, so a reload would forget every conversation (and `persist`
// would seem broken: the widget would reopen a conversation the mock no longer has). Its data and
// the controls are kept in sessionStorage, as a real service and a real page would keep them.
const SAVED_MOCK = 'service-widget-demo:mock';
const SAVED_CONTROLS = 'service-widget-demo:controls';

const { mock } = await startMockWorker();
const suggestions = mock.settings.suggestions;
mock.state.restore(sessionStorage.getItem(SAVED_MOCK) ?? '[]');
addEventListener('pagehide', () => sessionStorage.setItem(SAVED_MOCK, mock.state.snapshot()));
// For poking at the mock from the console: demoMock.setScenario('cut'), demoMock.requests, …
Object.assign(window, { demoMock: mock });

function saveControls(): void {
  const values: Record<string, string | boolean> = {};
  for (const el of form.elements as unknown as Iterable<HTMLInputElement>) {
    if (el.name) values[el.name] = el.type === 'checkbox' ? el.checked : el.value;
  }
  sessionStorage.setItem(SAVED_CONTROLS, JSON.stringify(values));
}

function restoreControls(): void {
  const values = JSON.parse(sessionStorage.getItem(SAVED_CONTROLS) ?? '{}') as Record<string, string | boolean>;
  for (const [name, saved] of Object.entries(values)) {
    const el = form.elements.namedItem(name) as HTMLInputElement | null;
    if (!el) continue;
    if (el.type === 'checkbox') el.checked = saved === true;
    else el.value = String(saved);
  }
}

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
  mock.setSettings({
    ...(settings as Partial<MockSettings>),
    suggestions: checked('suggestions') ? suggestions : undefined,
  });
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
    persist: checked('persist'),
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
    const parts = [
      `Widget ${window.ServiceWidget.version}`,
      mode,
      value('visitor'),
      `scenario ${mock.scenario}`,
      token,
    ];
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

/** Controls a method applies to the live widget: changing them must not make a new one. */
const LIVE: Record<string, () => void> = {
  theme: () => instance?.setTheme(value('theme') as Theme),
  // Auto-detect has no method: only a new widget detects the language again.
  locale: () => (value('locale') ? instance?.setLocale(value('locale') as Locale) : mount()),
};

form.addEventListener('change', (event) => {
  const target = event.target as HTMLInputElement;
  // Picking a colour means "use it".
  if (target.name === 'primaryColor') {
    (form.elements.namedItem('setPrimaryColor') as HTMLInputElement).checked = true;
  }
  saveControls();
  applyMockControls();
  // The scenario applies to the next request, the ask text to the next ask(); the other mock
  // switches change /config, which a widget reads once, so they take a new one.
  if (target.name === 'scenario' || target.name === 'askText') return;
  if (instance && LIVE[target.name]) return LIVE[target.name]!();
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
    case 'ask':
    case 'askSend':
      try {
        return instance?.ask(value('askText'), { send: action === 'askSend' });
      } catch (error) {
        statusLine.textContent = `ask threw: ${String(error)}`; // an empty text is a TypeError
        return;
      }
    case 'open':
    case 'close':
    case 'toggle':
    case 'newConversation':
      return instance?.[action]();
  }
}

restoreControls();
describeScenario();
applyMockControls();
mount();
