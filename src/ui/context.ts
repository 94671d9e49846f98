import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { WidgetModel } from '../state/widget-model';

export const ModelContext = createContext<WidgetModel | null>(null);

/**
 * The widget's model. Every component renders inside `<ModelContext.Provider>` (widget.tsx): no
 * check here, it would be text in widget.js that no page can ever see.
 */
export const useModel = (): WidgetModel => useContext(ModelContext)!;
