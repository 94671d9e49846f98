// A React wrapper around the npm package: <ServiceWidget publicId=… baseUrl=… getAuthToken=… />.
// Copy it into your app (it needs react ≥ 18 and service-widget). It mounts the widget inline into
// its own <div> in an effect, destroys it on unmount (so React StrictMode's mount → unmount → mount
// leaves exactly one widget), re-creates it only when an option that needs a new widget changes,
// and switches theme and language live. Server rendering renders the empty <div> only: the widget
// exists in the browser alone. Written without JSX so it works whatever your JSX settings are.
//
// Every option of the widget is a prop: the wrapper passes each name of OPTION_NAMES (exported by
// the package, typed against InitOptions), so an option added to the widget needs no change here.
import { createElement, useEffect, useRef, type CSSProperties } from 'react';
import { init, OPTION_NAMES, type InitOptions, type OptionName, type WidgetInstance } from 'service-widget';

export type ServiceWidgetProps = Omit<InitOptions, 'container'> & {
  /** Size the box: the widget fills it (e.g. a height of 600px). */
  className?: string;
  style?: CSSProperties;
  /** Receives the widget's controls (open(), ask(), newConversation(), …) while it is mounted. */
  instanceRef?: { current: WidgetInstance | null };
};

/**
 * Options that never re-create the widget: the box is the wrapper's own, theme and locale switch
 * live, and the callbacks are read when called (a new function on every render is fine).
 */
const NOT_KEYS: readonly OptionName[] = ['container', 'theme', 'locale', 'getAuthToken', 'onEvent'];
/** Every other option: a change makes a new widget. */
const KEY_OPTIONS = OPTION_NAMES.filter((name) => !NOT_KEYS.includes(name));

export function ServiceWidget(props: ServiceWidgetProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const widget = useRef<WidgetInstance | null>(null);
  // The latest props, read when called: a new getAuthToken/onEvent function on every render must
  // not remount the widget (that would drop the open conversation).
  const latest = useRef(props);
  latest.current = props;

  const usesGetter = props.getAuthToken !== undefined;
  // Always as many dependencies, in the same order: one per key option.
  const keys = KEY_OPTIONS.map((name) => props[name as keyof ServiceWidgetProps]);

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const initial = latest.current;
    // Undefined values are left out: the widget warns about nothing, and defaults apply.
    const options: Record<string, unknown> = {};
    for (const name of OPTION_NAMES) {
      const value = initial[name as keyof ServiceWidgetProps];
      if (name !== 'container' && value !== undefined) options[name] = value;
    }
    options.container = container;
    options.onEvent = ((e) => latest.current.onEvent?.(e)) satisfies InitOptions['onEvent'];
    if (usesGetter) options.getAuthToken = (() => latest.current.getAuthToken!()) satisfies InitOptions['getAuthToken'];
    const instance = init(options as unknown as InitOptions);
    widget.current = instance;
    if (initial.instanceRef) initial.instanceRef.current = instance;
    return () => {
      instance.destroy();
      if (widget.current === instance) widget.current = null;
      if (initial.instanceRef?.current === instance) initial.instanceRef.current = null;
    };
  }, [usesGetter, ...keys]);

  // Theme and language change live: same widget, same conversation.
  const { theme, locale } = props;
  useEffect(() => {
    if (theme) widget.current?.setTheme(theme);
  }, [theme]);
  useEffect(() => {
    if (locale) widget.current?.setLocale(locale);
  }, [locale]);

  return createElement('div', { ref: box, className: props.className, style: props.style });
}
