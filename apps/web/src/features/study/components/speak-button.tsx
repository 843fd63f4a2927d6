import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';

function canSpeak(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** Reads the text aloud in its language; renders nothing where speech synthesis is missing. */
export function SpeakButton({ text, lang }: { text: string; lang: string }) {
  if (!canSpeak()) return null;
  const speak = () => {
    const utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  };
  return (
    <Button variant="ghost" size="sm" onClick={speak} aria-label={`Say “${text}” aloud`}>
      <Icon name="speaker" size={16} /> Speak
    </Button>
  );
}
