import { fuzzPart } from './fuzz-part';

// A quarter of the route table (fuzz-part.ts); the other parts run beside it in their own workers.
fuzzPart(1);
