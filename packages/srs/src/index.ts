// The learning engine (SCHEDULER.md): the elevation scheduler, guess scoring and reflow land here
// with the study issue. Settings defaults and bounds already live in @glossa/contract.
export { defaultSchedulerSettings } from '@glossa/contract';
