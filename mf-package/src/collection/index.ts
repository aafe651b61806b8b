/** The link collection of the package page: slide 2 and the compact box beside the file browser. */
export { CollectionSlide, EMPTY_COLLECTION_TEXT, type CollectionSlideProps } from './CollectionSlide';
export { SelectedFilesBox, SHOW_ALL_LINKS_TEXT, type SelectedFilesBoxProps } from './SelectedFilesBox';
