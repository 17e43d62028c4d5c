/** The demo data set: the generator and its load (what the first start and the demo-data CLI use). */
export { DEFAULT_DEMO_SEED, demoItem } from './generator';
export { loadDemoData, loadDemoHistory } from './load';
export { toReso } from './reso';
