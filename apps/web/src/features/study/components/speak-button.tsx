import { findLanguage } from '@glossa/contract/values';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './speak-button.module.css';

/** How long the browser may take to list its voices before "no voice" is said. */
const VOICES_WAIT_MS = 1500;

type VoiceState = 'unsupported' | 'loading' | 'none' | 'ready';

function speechSynthesisHere(): SpeechSynthesis | null {
  return typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
    ? window.speechSynthesis
    : null;
}

/** Whether the browser has a voice for the language (its primary subtag); voices load late. */
function voiceFor(synthesis: SpeechSynthesis, lang: string): 'loading' | 'none' | 'ready' {
  // A browser that cannot list its voices is given the benefit of the doubt.
  if (typeof synthesis.getVoices !== 'function') return 'ready';
  const voices = synthesis.getVoices();
  if (voices.length === 0) return 'loading';
  const primary = lang.split('-')[0]?.toLowerCase() ?? '';
  return voices.some((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === primary)
    ? 'ready'
    : 'none';
}

function useVoice(lang: string): [VoiceState, (state: VoiceState) => void] {
  const synthesis = speechSynthesisHere();
  const [state, setState] = useState<VoiceState>(() =>
    synthesis ? voiceFor(synthesis, lang) : 'unsupported',
  );
  useEffect(() => {
    if (!synthesis) return;
    const update = () => setState(voiceFor(synthesis, lang));
    update();
    synthesis.addEventListener?.('voiceschanged', update);
    // Some browsers never announce that they have no voice at all.
    const timer = window.setTimeout(
      () => setState((now) => (now === 'loading' ? 'none' : now)),
      VOICES_WAIT_MS,
    );
    return () => {
      synthesis.removeEventListener?.('voiceschanged', update);
      window.clearTimeout(timer);
    };
  }, [synthesis, lang]);
  return [state, setState];
}

/**
 * Reads the text aloud in its language. Where the browser has no speech, or no voice for the
 * language, the button is disabled and says why, instead of doing nothing when pressed.
 * Memoised: the session renders again on every keystroke, the button only with a new card.
 */
export const SpeakButton = memo(function SpeakButton({
  text,
  lang,
}: {
  text: string;
  lang: string;
}) {
  const { t } = useLingui();
  const [voice, setState] = useVoice(lang);
  // The note shows once the learner presses the button: shown as soon as the browser says it has
  // no voice (up to 1.5 s after the card), it pushed the answer form down under their eyes on
  // every card (Lighthouse's layout shift). Screen readers have it from the start, as the
  // button's description.
  const [explained, setExplained] = useState(false);
  const noteId = useId();
  const unavailable = voice === 'unsupported' || voice === 'none';
  const speak = () => {
    if (unavailable) {
      setExplained(true);
      return;
    }
    const synthesis = speechSynthesisHere();
    // Pressed while the browser still lists no voice: say at once that there is none.
    if (!synthesis || voiceFor(synthesis, lang) !== 'ready') {
      setState('none');
      setExplained(true);
      return;
    }
    const utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    synthesis.cancel();
    synthesis.speak(utterance);
  };
  // The language's English name, as elsewhere in the app (the language lists are English).
  const language = findLanguage(lang)?.englishName ?? lang;
  const note =
    voice === 'unsupported'
      ? t`This browser cannot read aloud.`
      : t`No voice for ${language} on this device.`;
  // aria-disabled, not disabled: a button that turns unavailable as it is pressed keeps focus.
  return (
    <span className={styles.speak}>
      <Button
        variant="ghost"
        size="sm"
        onClick={speak}
        className={unavailable ? styles.unavailable : undefined}
        aria-disabled={unavailable || undefined}
        aria-describedby={unavailable ? noteId : undefined}
        aria-label={unavailable ? t`Speak` : t`Say “${text}” aloud`}
      >
        <Icon name="speaker" size={16} /> <Trans>Speak</Trans>
      </Button>
      {unavailable && explained ? (
        <span id={noteId} className={styles.note} role="status">
          {note}
        </span>
      ) : null}
      {unavailable && !explained ? <VisuallyHidden id={noteId}>{note}</VisuallyHidden> : null}
    </span>
  );
});
