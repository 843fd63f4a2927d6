import { describe, expect, it } from 'vitest';
import { DetectorThread } from './detector-thread';

describe('the detector thread', () => {
  it('loads the model off the event loop: the loop keeps turning while it loads', async () => {
    const thread = new DetectorThread();
    try {
      // A cold thread reads tinyld's heavy model (about a second of CPU). Counting the event
      // loop's turns meanwhile tells a thread from a load on this loop, which held it throughout
      // (a handful of turns, for the file's reads).
      let turns = 0;
      let loading = true;
      const spin = () => {
        turns += 1;
        if (loading) setImmediate(spin);
      };
      setImmediate(spin);
      const result = await thread.scores('the dog is in the house');
      loading = false;
      expect(result.known.has('en')).toBe(true);
      expect(result.scores.get('en')).toBeGreaterThan(0);
      expect(turns).toBeGreaterThan(200);
    } finally {
      await thread.stop();
    }
  });

  it('answers texts sent at once, each its own', async () => {
    const thread = new DetectorThread();
    try {
      const [english, spanish] = await Promise.all([
        thread.scores('the dog is in the house'),
        thread.scores('el perro está en la casa'),
      ]);
      const best = (scores: ReadonlyMap<string, number>) =>
        [...scores].sort((a, b) => b[1] - a[1])[0]?.[0];
      expect(best(english.scores)).toBe('en');
      expect(best(spanish.scores)).toBe('es');
      // The thread names the languages it knows once; each answer has them.
      expect(spanish.known).toBe(english.known);
      expect(spanish.known.has('es')).toBe(true);
    } finally {
      await thread.stop();
    }
  });

  it('starts again after it was stopped', async () => {
    const thread = new DetectorThread();
    try {
      await thread.scores('house');
      await thread.stop();
      const again = await thread.scores('la casa');
      expect(again.known.has('es')).toBe(true);
    } finally {
      await thread.stop();
    }
  });
});
