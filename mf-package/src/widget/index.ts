/** The partner widget: the install block and usage summary of one package, for sites without React. */
export { mountWidget, isWidgetProps, type WidgetProps } from './mountWidget';
export { loadWidgetData, type WidgetData } from './loadWidgetData';
