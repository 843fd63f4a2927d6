import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../button';
import styles from './changed-elsewhere.module.css';

/** One field the learner changed and could not save, as text. */
export interface UnsavedChange {
  label: string;
  value: string;
}

export interface ChangedElsewhereProps {
  /** What was changed elsewhere, translated: "card", "category". */
  what: 'card' | 'category';
  /** What the learner typed that was not saved, field by field. */
  unsaved: readonly UnsavedChange[];
  /** `stale`: the save was refused; `reloaded`: the form now shows the current version. */
  stage: 'stale' | 'reloaded';
  reloading?: boolean;
  onReload(): void;
  /** Puts the unsaved changes back into the form (over the current version), to save again. */
  onReapply(): void;
  /** Keeps the current version: the unsaved changes are dropped. */
  onDismiss(): void;
}

/**
 * The answer to a save refused because the thing was changed elsewhere (another tab, another
 * device) since the form showed it: nothing was overwritten. It offers to load the current
 * version, and keeps what the learner typed in view so that they can apply it again
 * (docs/decisions/0015-concurrent-writes.md). Focus moves to it, so the keyboard reaches its
 * buttons next and a screen reader reads it.
 */
export function ChangedElsewhere({
  what,
  unsaved,
  stage,
  reloading = false,
  onReload,
  onReapply,
  onDismiss,
}: ChangedElsewhereProps) {
  const { t } = useLingui();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, [stage]);

  return (
    <section
      ref={panel}
      className={styles.panel}
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <h3 id={titleId} className={styles.title}>
        <Trans>Changed elsewhere</Trans>
      </h3>
      <p className={styles.text}>
        {stage === 'stale'
          ? what === 'card'
            ? t`This card was changed in another tab or on another device after you opened it, so your changes were not saved and nothing was overwritten. Load the current version to see it; your changes stay listed here.`
            : t`This category was changed in another tab or on another device after you opened it, so your changes were not saved and nothing was overwritten. Load the current version to see it; your changes stay listed here.`
          : what === 'card'
            ? t`The form now shows the current version of this card. Apply your changes again to save them over it, or keep the current version.`
            : t`The form now shows the current version of this category. Apply your changes again to save them over it, or keep the current version.`}
      </p>
      {unsaved.length > 0 ? (
        <dl className={styles.unsaved} aria-label={t`Your unsaved changes`}>
          {unsaved.map((change) => (
            <div key={change.label}>
              <dt>{change.label}</dt>
              <dd>{change.value === '' ? t`(empty)` : change.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className={styles.actions}>
        {stage === 'stale' ? (
          <Button onClick={onReload} loading={reloading}>
            <Trans>Load the current version</Trans>
          </Button>
        ) : (
          <>
            <Button onClick={onReapply}>
              <Trans>Apply my changes again</Trans>
            </Button>
            <Button variant="secondary" onClick={onDismiss}>
              <Trans>Keep the current version</Trans>
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
