export { Tabs, tabPanelProps, tabElementId, tabPanelElementId, tabIndexForKey, type TabItem, type TabsProps } from './Tabs';
