/**
 * The customize options and how they pull on each other: script tag off turns SRI off,
 * SRI on turns the script tag on. In the view modal: group links on turns SRI off, tag off turns SRI off,
 * SRI on turns group links off and the tag on.
 */
export interface CustomizeOptions {
  tag: boolean;
  sri: boolean;
  group: boolean;
  minify: boolean;
  majorOnly: boolean;
  esm: boolean;
}

export interface ModalOptions {
  tag: boolean;
  sri: boolean;
  group: boolean;
}

export const DEFAULT_OPTIONS: CustomizeOptions = { tag: false, sri: false, group: false, minify: false, majorOnly: false, esm: false };
export const DEFAULT_MODAL_OPTIONS: ModalOptions = { tag: false, sri: false, group: false };

export function setOption<K extends keyof CustomizeOptions>(options: CustomizeOptions, name: K, value: boolean): CustomizeOptions {
  const next = { ...options, [name]: value };
  if (name === 'tag' && !value) next.sri = false;
  if (name === 'sri' && value) next.tag = true;
  return next;
}

export function setModalOption<K extends keyof ModalOptions>(options: ModalOptions, name: K, value: boolean): ModalOptions {
  const next = { ...options, [name]: value };
  if (name === 'group' && value) next.sri = false;
  if (name === 'tag' && !value) next.sri = false;
  if (name === 'sri' && value) {
    next.group = false;
    next.tag = true;
  }
  return next;
}
