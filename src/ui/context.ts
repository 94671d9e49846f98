import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { WidgetModel } from '../state/widget-model';

export const ModelContext = createContext<WidgetModel | null>(null);

export function useModel(): WidgetModel {
  const model = useContext(ModelContext);
  if (!model) throw new Error('ServiceWidget: component rendered outside the widget');
  return model;
}
