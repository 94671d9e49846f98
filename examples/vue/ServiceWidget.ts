// A Vue 3 wrapper around the npm package:
//   <ServiceWidget public-id="…" base-url="https://…" :get-auth-token="getToken" @event="track" />
// Copy it into your app (it needs vue ≥ 3.3 and service-widget). A plain .ts component
// (defineComponent + h), so it needs no SFC compiler. It mounts the widget inline into its own
// <div> on mount, destroys it before unmount, re-creates it only when an option that needs a new
// widget changes, and switches theme and language live. Server rendering renders the empty <div>
// only: onMounted runs in the browser alone. Widget events come out as the `event` event.
import { defineComponent, h, onBeforeUnmount, onMounted, ref, watch, type PropType } from 'vue';
import { init, type InitOptions, type Locale, type Theme, type WidgetEvent, type WidgetInstance } from 'service-widget';

export default defineComponent({
  name: 'ServiceWidget',
  props: {
    publicId: { type: String, required: true },
    /** Required with the npm package: the service's base address. */
    baseUrl: { type: String, required: true },
    authToken: { type: String, default: undefined },
    getAuthToken: { type: Function as PropType<() => string | Promise<string>>, default: undefined },
    theme: { type: String as PropType<Theme>, default: undefined },
    locale: { type: String as PropType<Locale>, default: undefined },
    primaryColor: { type: String, default: undefined },
    voice: { type: Boolean, default: false },
    voiceRuntimeUrl: { type: String, default: undefined },
    portalUrl: { type: String, default: undefined },
    nonce: { type: String, default: undefined },
  },
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
      const options: InitOptions = {
        publicId: props.publicId,
        baseUrl: props.baseUrl,
        container: box.value,
        voice: props.voice,
        onEvent: (e) => emit('event', e),
        ...(props.getAuthToken ? { getAuthToken: () => props.getAuthToken!() } : { authToken: props.authToken! }),
        ...defined({
          theme: props.theme,
          locale: props.locale,
          primaryColor: props.primaryColor,
          voiceRuntimeUrl: props.voiceRuntimeUrl,
          portalUrl: props.portalUrl,
          nonce: props.nonce,
        }),
      };
      widget = init(options);
    };

    onMounted(mount);
    onBeforeUnmount(unmount);
    // Options that need a new widget; getAuthToken is read when called, so a new function is fine.
    // Sources watched one by one: a getter returning a fresh array would fire on every prop change.
    watch(
      [
        () => props.publicId, () => props.baseUrl, () => props.authToken, () => !!props.getAuthToken,
        () => props.primaryColor, () => props.voice, () => props.voiceRuntimeUrl, () => props.portalUrl, () => props.nonce,
      ],
      mount,
    );
    // Theme and language change live: same widget, same conversation.
    watch(() => props.theme, (theme) => theme && widget?.setTheme(theme));
    watch(() => props.locale, (locale) => locale && widget?.setLocale(locale));

    expose({
      open: () => widget?.open(),
      close: () => widget?.close(),
      toggle: () => widget?.toggle(),
      newConversation: () => widget?.newConversation(),
    });
    return () => h('div', { ref: box });
  },
});

/** Leaves out undefined values: the widget warns about nothing, and defaults apply. */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
