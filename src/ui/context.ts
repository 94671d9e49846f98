import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Messages } from '../i18n';
import { useStore } from '../state/store';
import type { WidgetModel } from '../state/widget-model';

export const ModelContext = createContext<WidgetModel | null>(null);

/**
 * The widget's model. Every component renders inside `<ModelContext.Provider>` (widget.tsx): no
 * check here, it would be text in widget.js that no page can ever see.
 */
export const useModel = (): WidgetModel => useContext(ModelContext)!;

/**
 * The current locale's sentences, for a component that draws any: it re-renders on `setLocale`
 * itself. A parent's re-render is no substitute: the panel keeps its children while the title and
 * view do not change (Panel.tsx), so against a service whose /config is the same in every language
 * nothing else would re-word the composer (issue #36).
 */
export const useT = (): Messages => {
  const model = useModel();
  useStore(model.session, 'locale');
  return model.t();
};
