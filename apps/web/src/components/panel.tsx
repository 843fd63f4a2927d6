import type { ComponentPropsWithoutRef, ElementType } from 'react';
import styles from './panel.module.css';

export interface PanelProps extends ComponentPropsWithoutRef<'div'> {
  /** The element to render: a section for a titled region, an article for a self-contained item. */
  as?: Extract<ElementType, 'div' | 'section' | 'article' | 'aside'>;
  padding?: 'sm' | 'md' | 'lg';
}

/** A surface that groups related content. */
export function Panel({ as: Element = 'div', padding = 'md', className, ...rest }: PanelProps) {
  return (
    <Element
      className={[styles.panel, styles[padding], className ?? ''].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
