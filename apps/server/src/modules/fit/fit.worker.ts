import type { StudyFit } from '@glossa/contract';
import { serveRequests } from '../../workers/serve-requests';
import { computeFit, type FitInput } from './fit-compute';

// Started by fit-runner.ts and kept for the next fits: one fit at a time, with word of its
// evaluations as it goes.
serveRequests<FitInput, StudyFit, { evaluations: number }>(computeFit);
