/** Stands in for CSS and image imports in Jest. */
export default 'file-stub';
