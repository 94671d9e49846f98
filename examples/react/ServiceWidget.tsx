// A React wrapper around the npm package: <ServiceWidget publicId=… baseUrl=… getAuthToken=… />.
// Copy it into your app (it needs react ≥ 18 and service-widget). It mounts the widget inline into
// its own <div> in an effect, destroys it on unmount (so React StrictMode's mount → unmount → mount
// leaves exactly one widget), re-creates it only when an option that needs a new widget changes,
// and switches theme and language live. Server rendering renders the empty <div> only: the widget
// exists in the browser alone. Written without JSX so it works whatever your JSX settings are.
import { createElement, useEffect, useRef, type CSSProperties } from 'react';
import { init, type InitOptions, type WidgetInstance } from 'service-widget';

export type ServiceWidgetProps = Omit<InitOptions, 'container' | 'open'> & {
  /** Size the box: the widget fills it (e.g. a height of 600px). */
  className?: string;
  style?: CSSProperties;
  /** Receives the widget's controls (open(), newConversation(), …) while it is mounted. */
  instanceRef?: { current: WidgetInstance | null };
};

export function ServiceWidget(props: ServiceWidgetProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const widget = useRef<WidgetInstance | null>(null);
  // The latest props, read when called: a new getAuthToken/onEvent function on every render must
  // not remount the widget (that would drop the open conversation).
  const latest = useRef(props);
  latest.current = props;

  const { publicId, baseUrl, authToken, primaryColor, voice, voiceRuntimeUrl, portalUrl, nonce } = props;
  const usesGetter = props.getAuthToken !== undefined;

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const initial = latest.current;
    const options: InitOptions = {
      publicId,
      container,
      onEvent: (e) => latest.current.onEvent?.(e),
      ...(usesGetter ? { getAuthToken: () => latest.current.getAuthToken!() } : { authToken }),
      ...defined({ baseUrl, primaryColor, voice, voiceRuntimeUrl, portalUrl, nonce, theme: initial.theme, locale: initial.locale }),
    };
    const instance = init(options);
    widget.current = instance;
    if (initial.instanceRef) initial.instanceRef.current = instance;
    return () => {
      instance.destroy();
      if (widget.current === instance) widget.current = null;
      if (initial.instanceRef?.current === instance) initial.instanceRef.current = null;
    };
  }, [publicId, baseUrl, authToken, usesGetter, primaryColor, voice, voiceRuntimeUrl, portalUrl, nonce]);

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

/** Leaves out undefined values: the widget warns about nothing, and defaults apply. */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
