// A Vue 3 wrapper around the npm package:
//   <ServiceWidget public-id="…" base-url="https://…" :get-auth-token="getToken" @event="track" />
// Copy it into your app (it needs vue ≥ 3.3 and service-widget). A plain .ts component
// (defineComponent + h), so it needs no SFC compiler. It mounts the widget inline into its own
// <div> on mount, destroys it before unmount, re-creates it only when an option that needs a new
// widget changes, and switches theme and language live. Server rendering renders the empty <div>
// only: onMounted runs in the browser alone. Widget events come out as the `event` event.
//
// Every option of the widget is a prop: PROPS must name each of OPTION_NAMES (exported by the
// package, typed against InitOptions) or this file does not compile, and the wrapper passes each.
import { defineComponent, h, onBeforeUnmount, onMounted, ref, watch, type PropType } from 'vue';
import {
  init,
  OPTION_NAMES,
  type AskOptions,
  type InitOptions,
  type Locale,
  type OptionName,
  type Theme,
  type WidgetEvent,
  type WidgetInstance,
} from 'service-widget';

/** Options that are not props: the box is the component's own, and events come out as `@event`. */
type NotProps = 'container' | 'onEvent';

// `default: undefined` everywhere, Booleans included: an absent prop is left out, so the widget's
// own default applies (Vue would otherwise turn an absent Boolean into false, and `persist` is true).
const PROPS = {
  publicId: { type: String, required: true },
  /** Required with the npm package: the service's base address. */
  baseUrl: { type: String, required: true },
  authToken: { type: String, default: undefined },
  getAuthToken: { type: Function as PropType<() => string | Promise<string>>, default: undefined },
  theme: { type: String as PropType<Theme>, default: undefined },
  locale: { type: String as PropType<Locale>, default: undefined },
  primaryColor: { type: String, default: undefined },
  voice: { type: Boolean, default: undefined },
  voiceRuntimeUrl: { type: String, default: undefined },
  portalUrl: { type: String, default: undefined },
  nonce: { type: String, default: undefined },
  open: { type: Boolean, default: undefined },
  persist: { type: Boolean, default: undefined },
  timeoutMs: { type: Number, default: undefined },
} as const satisfies Record<Exclude<OptionName, NotProps>, object>;

type PropName = keyof typeof PROPS;
/** Options that never re-create the widget: theme and locale switch live, getAuthToken is read when called. */
const LIVE: readonly PropName[] = ['theme', 'locale', 'getAuthToken'];
const isProp = (name: OptionName): name is PropName => name in PROPS;
/** Every other option: a change makes a new widget. */
const KEY_OPTIONS = OPTION_NAMES.filter(isProp).filter((name) => !LIVE.includes(name));

export default defineComponent({
  name: 'ServiceWidget',
  props: PROPS,
  emits: {
    event: (_e: WidgetEvent) => true,
  },
  setup(props, { emit, expose }) {
    const box = ref<HTMLElement | null>(null);
    let widget: WidgetInstance | null = null;

    const unmount = () => {
      widget?.destroy();
      widget = null;
    };
    const mount = () => {
      unmount();
      if (!box.value) return;
      // Undefined values are left out: the widget warns about nothing, and defaults apply.
      const options: Record<string, unknown> = {};
      for (const name of OPTION_NAMES.filter(isProp)) if (props[name] !== undefined) options[name] = props[name];
      options.container = box.value;
      options.onEvent = ((e) => emit('event', e)) satisfies InitOptions['onEvent'];
      const getAuthToken: InitOptions['getAuthToken'] = () => props.getAuthToken!();
      if (props.getAuthToken) options.getAuthToken = getAuthToken;
      widget = init(options as unknown as InitOptions);
    };

    onMounted(mount);
    onBeforeUnmount(unmount);
    // Options that need a new widget; getAuthToken is read when called, so a new function is fine
    // (only whether there is one counts). Sources watched one by one: a getter returning a fresh
    // array would fire on every prop change.
    watch([...KEY_OPTIONS.map((name) => () => props[name]), () => !!props.getAuthToken], mount);
    // Theme and language change live: same widget, same conversation.
    watch(
      () => props.theme,
      (theme) => theme && widget?.setTheme(theme),
    );
    watch(
      () => props.locale,
      (locale) => locale && widget?.setLocale(locale),
    );

    expose({
      open: () => widget?.open(),
      close: () => widget?.close(),
      toggle: () => widget?.toggle(),
      newConversation: () => widget?.newConversation(),
      ask: (text: string, options?: AskOptions) => widget?.ask(text, options),
    });
    return () => h('div', { ref: box });
  },
});
