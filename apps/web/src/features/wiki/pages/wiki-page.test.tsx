import {
  api,
  defaultGradeSettings,
  defaultSchedulerSettings,
  schedulerNumberSettingNames,
} from '@glossa/contract';
import { gradeGuess, scoreGuess, type SchedulerSettings } from '@glossa/srs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { intervalSeries } from '../../../lib/interval-series';
import { saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage, stubResizeObserver, userFixture } from '../../../test/render';
import { describeConventions } from '../../../components/answer-diff';
import { ArticleView } from '../components/article-view';
import { gradeName } from '../components/scoring-playground';
import { activateLocale, loadFeatureCatalogs, rtlPseudoLocale } from '../../../lib/i18n';
import { articleOrder, assembleArticles, loadArticles, parseArticle } from '../content/articles';
import { cardAfter, gradeWaitsV1 } from '../content/curves';
import { helpSearch, searchArticles } from '../content/search';
import WikiPage from './wiki-page';

// The English articles, loaded as the router loads them with the page.
const articles = await loadArticles('en');

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

/** A learner whose numbers differ from the defaults, so the curves show they are theirs. */
const learner = {
  ...userFixture,
  interceptElevationGain: 0.8,
  amplitudeElevationGain: 1.5,
  guessSuccessMinimumScore: 0.8,
};

/** The learner's own seven version-2 numbers (GET /api/study/scheduler; decision 0030). */
const learnerGrades = { ...defaultGradeSettings, initialElevationExact: 1.5, quickGainFactor: 2 };

function openWiki(url: string) {
  fakeApi()
    .on(api.user.info, () => ok(learner))
    .on(api.study.scheduler, () => ok(learnerGrades));
  return renderPage('/app/wiki/:article?', url, <WikiPage />);
}

const replace = (input: HTMLElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });

describe('wiki articles', () => {
  it('reads every article of the order from its Markdown file, with a title, summary and sections', () => {
    expect(articles.map((article) => article.slug)).toEqual([...articleOrder]);
    for (const article of articles) {
      expect(article.title).not.toBe(article.slug);
      expect(article.summary.length).toBeGreaterThan(40);
      expect(article.sections.length).toBeGreaterThan(1);
    }
  });

  it('gives each heading the anchor the rendered page gives it, a repeated heading its own', () => {
    const parsed = parseArticle(
      'x',
      '# T\n\nIntro.\n\n## A b\n\ntext\n\n```\n## not a heading\n```\n\n## A b\n',
    );
    expect(parsed.sections.map((section) => section.id)).toEqual(['a-b', 'a-b-1']);
    fakeApi().on(api.user.info, () => ok(learner));
    for (const article of articles) {
      const { container, unmount } = renderPage('*', '/', <ArticleView article={article} />);
      // The article's own headings: those with an anchor link (a widget's title has none).
      const rendered = [...container.querySelectorAll('h2[id], h3[id]')]
        .filter((heading) => heading.querySelector('a') !== null)
        .map((heading) => heading.id);
      expect(rendered).toEqual(article.sections.map((section) => section.id));
      unmount();
    }
  });

  it('draws keys as keys and drops any other raw HTML', () => {
    fakeApi().on(api.user.info, () => ok(learner));
    const article = parseArticle(
      'x',
      '# T\n\nPress <kbd>Enter</kbd>. <img src="x" onerror="alert(1)"> <b>bold</b>\n\n<script>alert(1)</script>\n',
    );
    const { container } = renderPage('*', '/', <ArticleView article={article} />);
    expect(container.querySelector('kbd')?.textContent).toBe('Enter');
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container.textContent).not.toContain('alert');
  });

  it('finds articles by their title and sections by their words, accents and case aside', () => {
    expect(searchArticles(articles, 'shortcuts')[0]).toMatchObject({
      href: '/app/wiki/shortcuts',
      section: null,
    });
    const hits = searchArticles(articles, 'DUPLICATE');
    expect(hits[0]).toMatchObject({
      href: '/app/wiki/import-export#importing-cards',
      article: 'Import and export',
      section: 'Importing cards',
    });
    expect(hits[0]?.excerpt.toLowerCase()).toContain('duplicate');
    expect(searchArticles(articles, 'forgetting curve').map((hit) => hit.href)).toContain(
      '/app/wiki/scheduler#the-forgetting-curve',
    );
    expect(searchArticles(articles, 'zzzz')).toEqual([]);
    expect(searchArticles(articles, '   ')).toEqual([]);
  });
});

describe('wiki page', () => {
  it('lists every article and searches them as the learner types', async () => {
    openWiki('/app/wiki');
    expect(screen.getByRole('heading', { level: 1, name: 'Wiki' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Help articles' });
    expect(within(nav).getAllByRole('link')).toHaveLength(articles.length);
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search the help' }), 'invitation');
    const results = screen.getByRole('list', { name: 'Help search results' });
    const first = within(results).getAllByRole('link')[0];
    expect(first?.getAttribute('href')).toBe('/app/wiki/sharing#members-and-invitations');
    expect(screen.getByText(/^\d+ match/).getAttribute('role')).toBe('status');
    await user.click(first as HTMLElement);
    expect(screen.getByTestId('location').textContent).toBe('/app/wiki/sharing');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sharing, explore and members' }),
    ).toBeTruthy();
  });

  it('renders an article with a labelled anchor link on each heading, and focuses the #heading', async () => {
    openWiki('/app/wiki/shortcuts#browse-the-table-of-cards');
    const heading = screen.getByRole('heading', {
      level: 2,
      name: /Browse \(the table of cards\)/,
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const anchor = within(heading).getByRole('link', {
      name: 'Link to the section “Browse (the table of cards)”',
    });
    expect(anchor.getAttribute('href')).toBe('/app/wiki/shortcuts#browse-the-table-of-cards');
    // Keys are drawn as keys (sanitised HTML keeps <kbd>), links inside the app stay in it.
    expect(document.querySelectorAll('kbd').length).toBeGreaterThan(10);
    expect(
      screen.getByRole('link', { name: 'Keyboard shortcuts' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('draws the import columns as a table, a separator in a cell included', () => {
    openWiki('/app/wiki/import-export');
    const table = screen.getByRole('region', { name: 'Table' });
    const answers = within(table).getByRole('row', { name: /^answers yes/ });
    expect(within(answers).getAllByRole('cell').at(-1)?.textContent).toBe(
      'its translations, separated by ; or |',
    );
  });

  it('says so for an article that does not exist', () => {
    openWiki('/app/wiki/nothing-here');
    expect(screen.getByText('No such article')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See every help article' })).toBeTruthy();
  });
});

describe('wiki in the interface language', () => {
  afterEach(() => activateLocale('en'));

  /** The interface in German, the wiki's own words too (the router loads them with the page). */
  async function inGerman() {
    await activateLocale('de');
    await loadFeatureCatalogs('wiki');
  }

  it('shows the German article, said to be German, with the English anchors', async () => {
    await inGerman();
    openWiki('/app/wiki/shortcuts#browse-the-table-of-cards');
    const title = await screen.findByRole('heading', { level: 1, name: 'Tastenkürzel' });
    expect(title).toBeTruthy();
    const article = screen.getByRole('article', { name: 'Tastenkürzel' });
    expect(article.getAttribute('lang')).toBe('de');
    expect(screen.getByTestId('wiki-article').getAttribute('lang')).toBe('de');
    // The anchor of the English heading, on the German one.
    const heading = screen.getByRole('heading', {
      level: 2,
      name: /Karten \(die Tabelle der Karten\)/,
    });
    expect(heading.id).toBe('browse-the-table-of-cards');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const nav = screen.getByRole('navigation', { name: 'Hilfeartikel' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('lang'))).toEqual(articleOrder.map(() => 'de'));
    expect(links[0]?.textContent).toBe('Erste Schritte');
  });

  it('searches the German articles, German words found', async () => {
    await inGerman();
    openWiki('/app/wiki');
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('searchbox', { name: 'Hilfe durchsuchen' }),
      'Vergessenskurve',
    );
    const results = screen.getByRole('list', { name: 'Suchergebnisse der Hilfe' });
    const first = within(results).getAllByRole('link')[0];
    expect(first?.getAttribute('href')).toBe('/app/wiki/scheduler#the-forgetting-curve');
    expect(first?.textContent).toMatch(/^Der Planer › Die Vergessenskurve/);
    expect(first?.querySelector('[lang]')?.getAttribute('lang')).toBe('de');
    // The app's search (quick search, the search page) reads the same index.
    const search = await helpSearch('de');
    expect(search('Einladungen', 5)[0]).toMatchObject({
      href: '/app/wiki/sharing#members-and-invitations',
      lang: 'de',
    });
    expect(search('invitations', 5)).toEqual([]);
    expect((await helpSearch('en'))('invitations', 5)[0]?.lang).toBe('en');
  });

  it('shows English where a translation is missing, and in the right-to-left pseudo-locale', async () => {
    const english = { 'x/getting-started.md': '# Getting started\n\nIntro.\n\n## A b\n' };
    const readEnglish = vi.fn(async () => ({
      ...Object.fromEntries(articleOrder.map((slug) => [`x/${slug}.md`, `# ${slug} en\n`])),
      ...english,
    }));
    const partial = await assembleArticles(
      'fr',
      { '../../articles/fr/scheduler.md': '# Le planificateur\n\n## Hauteur {#height}\n' },
      readEnglish,
    );
    expect(readEnglish).toHaveBeenCalledTimes(1);
    expect(partial.map((article) => article.lang)).toEqual(
      articleOrder.map((slug) => (slug === 'scheduler' ? 'fr' : 'en')),
    );
    expect(partial[0]?.title).toBe('Getting started');
    expect(partial[2]?.sections.map((section) => [section.id, section.heading])).toEqual([
      ['height', 'Hauteur'],
    ]);
    // The pseudo-locale reads the English articles.
    await activateLocale(rtlPseudoLocale);
    openWiki('/app/wiki/scheduler');
    const article = await screen.findByTestId('wiki-article');
    expect(article.getAttribute('lang')).toBe('en');
    expect(article.querySelector('h2')?.textContent).toMatch(/^Height: how long/);
  });
});

describe('scoring playground', () => {
  const cases: [expected: string, guess: string, language: string][] = [
    ['the tree', 'tree', 'en'],
    ['accommodate', 'accomodate', 'en'],
    ['la manzana', 'la mansanna', 'es'],
    ['café', 'cafe', 'fr'],
    ['colour/color', 'color', 'en'],
    ['eleven', 'twelve', 'en'],
  ];

  it('scores, grades and draws the diff as packages/srs does, at the learner’s pass mark', async () => {
    openWiki('/app/wiki/studying-and-scoring');
    const playground = screen.getByTestId('playground');
    const field = (name: string) => within(playground).getByLabelText(name);
    await waitFor(() =>
      expect(within(playground).getByText(/Pass mark: 80 % \(yours\)/)).toBeTruthy(),
    );
    for (const [expected, guess, language] of cases) {
      replace(field('Expected answer'), expected);
      replace(field('Your guess'), guess);
      fireEvent.change(field('Language of the answer'), { target: { value: language } });
      const scored = scoreGuess(guess, [expected], { language, minimumScore: 0.8 });
      const grade = gradeGuess(
        { score: scored.score, elapsedMs: null },
        { guessSuccessMinimumScore: 0.8 },
        null,
      );
      expect(within(playground).getByTestId('playground-score').textContent).toBe(
        `${Math.round(scored.score * 1000) / 10} %`,
      );
      expect(within(playground).getByTestId('playground-grade').textContent).toBe(gradeName(grade));
      expect(within(playground).getByTestId('playground-verdict').dataset['success']).toBe(
        String(scored.success),
      );
      const diff = within(playground).getByTestId('answer-diff');
      if (scored.score < 1) expect(diff.textContent).toContain('Expected');
    }
    // A typing convention is named, as on the study screen: German ß typed as ss, free.
    fireEvent.change(field('Language of the answer'), { target: { value: 'de' } });
    replace(field('Expected answer'), 'die Straße');
    replace(field('Your guess'), 'die Strasse');
    const named = scoreGuess('die Strasse', ['die Straße'], { language: 'de' }).conventions ?? [];
    expect(named.length).toBeGreaterThan(0);
    expect(within(playground).getByTestId('answer-diff').textContent).toContain(
      describeConventions(named) ?? '—',
    );
    fireEvent.change(field('Language of the answer'), { target: { value: 'en' } });
    // Exact and within the quick threshold: grade 4.
    replace(field('Expected answer'), 'the tree');
    replace(field('Your guess'), 'The tree!');
    fireEvent.click(within(playground).getByLabelText('Answered within my quick threshold'));
    expect(within(playground).getByTestId('playground-grade').textContent).toBe(
      '4 · exact and quick',
    );
    // A what-if pass mark: 90 % for "tree" passes at 80 %, not at 95 %.
    replace(field('Expected answer'), 'the tree');
    replace(field('Your guess'), 'tree');
    expect(within(playground).getByTestId('playground-grade').textContent).toBe('2 · close');
    fireEvent.change(within(playground).getByRole('slider', { name: /Pass mark/ }), {
      target: { value: '95' },
    });
    expect(within(playground).getByTestId('playground-grade').textContent).toBe('1 · missed');
  });
});

describe('scheduler curves', () => {
  const own: SchedulerSettings = {
    ...defaultSchedulerSettings,
    // The learner's every scheduler number (the fixture's), then the ones this test sets.
    ...Object.fromEntries(
      schedulerNumberSettingNames.map((name) => [name, (learner as Record<string, unknown>)[name]]),
    ),
    interceptElevationGain: learner.interceptElevationGain,
    amplitudeElevationGain: learner.amplitudeElevationGain,
    guessSuccessMinimumScore: learner.guessSuccessMinimumScore,
  };
  const linePath = () =>
    document.querySelector('path[data-series="all-correct"]')?.getAttribute('d') ?? '';
  const previewRows = () =>
    within(screen.getByRole('table', { name: 'Days until the next review after each answer' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => Number(within(row).getAllByRole('cell')[0]?.textContent));

  it('draws the learner’s own numbers, follows a slider, and goes back to them', async () => {
    openWiki('/app/wiki/scheduler');
    const curves = screen.getByTestId('curves');
    await waitFor(() =>
      expect(within(curves).getByTestId('curves-source').textContent).toBe(
        'Drawn from your own numbers.',
      ),
    );
    // Their seven version-2 numbers too: the first wait is their exact answer's start.
    await waitFor(() =>
      expect(previewRows()).toEqual(intervalSeries({ ...own, ...learnerGrades }).allCorrect),
    );
    expect(intervalSeries({ ...own, ...learnerGrades }).allCorrect).not.toEqual(
      intervalSeries(own).allCorrect,
    );
    expect(intervalSeries(own).allCorrect).not.toEqual(
      intervalSeries(defaultSchedulerSettings).allCorrect,
    );
    const waits = within(screen.getByTestId('grade-waits-v1')).getAllByRole('row');
    expect(waits).toHaveLength(3);
    expect(screen.getByTestId('forgetting-curve').getAttribute('data-period')).toBe(
      String(cardAfter(own, 3, learnerGrades).period),
    );
    expect(gradeWaitsV1(own, 3)[0]?.days).toBeLessThan(gradeWaitsV1(own, 3)[1]?.days ?? 0);

    const before = linePath();
    fireEvent.change(within(curves).getByRole('slider', { name: /Lift of every right answer/ }), {
      target: { value: '1.5' },
    });
    const changed = { ...own, interceptElevationGain: 1.5 };
    expect(previewRows()).toEqual(intervalSeries({ ...changed, ...learnerGrades }).allCorrect);
    expect(linePath()).not.toBe(before);
    expect(within(curves).getByTestId('curves-source').textContent).toContain('not saved');

    // The forgetting curve follows the chosen answer.
    fireEvent.change(within(curves).getByRole('slider', { name: /After answer/ }), {
      target: { value: '6' },
    });
    expect(screen.getByTestId('forgetting-curve').getAttribute('data-period')).toBe(
      String(cardAfter(changed, 6, learnerGrades).period),
    );

    fireEvent.click(within(curves).getByRole('button', { name: 'Back to my numbers' }));
    expect(previewRows()).toEqual(intervalSeries({ ...own, ...learnerGrades }).allCorrect);
    expect(linePath()).toBe(before);
  });
});
