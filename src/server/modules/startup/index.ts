/** The first start's background work (the demo load, a recomputation a crash interrupted). */
export { StartupWork, type StartupPlan } from './startup-work';
