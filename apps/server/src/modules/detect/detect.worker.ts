import { detectAll, supportedLanguages, toISO2 } from 'tinyld/heavy';
import { serveRequests } from '../../workers/serve-requests';
import type { DetectorAnswer } from './detector-thread';

// Started by detector-thread.ts and kept: tinyld's heavy model (about a second of CPU and 75 MB to
// load) is read here, off the event loop, once; then each text's scores are answered in turn.
// The languages it knows go with the first answer only: they are the same for every text.
let known: string[] | undefined = supportedLanguages.map((language) => toISO2(language));

serveRequests<string, DetectorAnswer>((text) => {
  const scores = detectAll(text).map((result): [string, number] => [result.lang, result.accuracy]);
  const answer = known ? { known, scores } : { scores };
  known = undefined;
  return answer;
});
