export { NearView, type NearViewProps } from './NearView';
export { useInView } from './useInView';
