import type { ReactNode } from 'react';
import { screenTitle, useDocumentTitle } from '../lib/use-document-title';
import styles from './page.module.css';

export interface PageProps {
  /** The screen's name: the h1, and "Glossa — <title>" as the document title. */
  title: string;
  /** The document title when it says more than the h1 ("Settings › Learning"). */
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of an app screen: its heading, a short description and the content. */
export function Page({ title, documentTitle, description, actions, children }: PageProps) {
  useDocumentTitle(screenTitle(documentTitle ?? title));
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div className={styles.titles}>
          <h1 className={styles.title}>{title}</h1>
          {description ? <div className={styles.description}>{description}</div> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
