export { ProjectLink, projectHref, WORDPRESS_DIRECTORY } from './ProjectLink';
