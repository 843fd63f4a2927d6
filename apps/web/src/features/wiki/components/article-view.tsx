import {
  Children,
  isValidElement,
  type ComponentPropsWithoutRef,
  type ReactElement,
  type ReactNode,
} from 'react';
import { t } from '@lingui/core/macro';
import Markdown, { type Components } from 'react-markdown';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import type { Article } from '../content/articles';
import { rehypeAnchors } from '../content/rehype-anchors';
import { remarkKbd } from '../content/remark-kbd';
import { ScoringPlayground } from './scoring-playground';
import { SchedulerCurves } from './scheduler-curves';
import styles from './article-view.module.css';

/** Fenced blocks of these names in an article stand for a live part of the page. */
const widgets: Record<string, () => ReactElement> = {
  'language-glossa-playground': ScoringPlayground,
  'language-glossa-curves': SchedulerCurves,
};

function headingText(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => (typeof child === 'string' ? child : ''))
    .join('');
}

/** A heading with its anchor link ("#"), which a keyboard reaches and a screen reader names. */
function anchored(Tag: 'h2' | 'h3') {
  return function Heading({ id, children }: ComponentPropsWithoutRef<'h2'>) {
    const heading = headingText(children);
    return (
      <Tag id={id} tabIndex={-1} className={styles.heading}>
        {children}
        {id ? (
          <Link
            to={{ hash: `#${id}` }}
            className={styles.anchor}
            aria-label={t`Link to the section “${heading}”`}
          >
            #
          </Link>
        ) : null}
      </Tag>
    );
  };
}

const components: Components = {
  h1: () => null,
  h2: anchored('h2'),
  h3: anchored('h3'),
  a({ href, children }) {
    // An address of the app opens in the app; any other in the browser, as a link does.
    if (href?.startsWith('/')) return <Link to={href}>{children}</Link>;
    return (
      <a href={href} rel="noreferrer noopener" target="_blank">
        {children}
      </a>
    );
  },
  pre({ children }) {
    const code = Children.toArray(children)[0];
    const className =
      isValidElement<{ className?: string }>(code) && typeof code.props.className === 'string'
        ? code.props.className
        : '';
    const Widget = widgets[className];
    if (Widget) return <Widget />;
    return <pre className={styles.pre}>{children}</pre>;
  },
  table({ children }) {
    // A wide table scrolls inside its own box on a phone, reachable by the keyboard.
    return (
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to scroll by keyboard
      <div className={styles.tableBox} tabIndex={0} role="region" aria-label={t`Table`}>
        <table>{children}</table>
      </div>
    );
  },
};

/**
 * One help article, its Markdown rendered safely (no raw HTML but keys, the result sanitised), each
 * heading linkable by the anchor its section has (a translation keeps the English anchors). The
 * article says its own language (the interface's, or English when untranslated); the live parts
 * inside it follow the interface's language.
 */
export function ArticleView({ article }: { article: Article }) {
  // Re-renders the anchors' labels (read from the active language) when it changes.
  useLingui();
  const ids = article.sections.map((section) => section.id);
  return (
    <div className={styles.prose} data-testid="wiki-article" lang={article.lang}>
      <Markdown
        remarkPlugins={[remarkGfm, remarkKbd]}
        rehypePlugins={[rehypeSanitize, [rehypeAnchors, ids]]}
        components={components}
      >
        {article.markdown}
      </Markdown>
    </div>
  );
}
